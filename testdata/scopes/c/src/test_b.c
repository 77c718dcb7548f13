// scope: tests

int f_test_b(int x) {
    return x + 1;
}
