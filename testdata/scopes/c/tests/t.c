// scope: tests

int f_t(int x) {
    return x + 1;
}
