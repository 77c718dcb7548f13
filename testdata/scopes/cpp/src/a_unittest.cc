// scope: tests

int f_a_unittest(int x) {
    return x + 1;
}
