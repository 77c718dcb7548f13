// scope: tests

int f_a_test(int x) {
    return x + 1;
}
