// scope: tests

int f_b(int x) {
    return x + 1;
}
