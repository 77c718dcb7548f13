// scope: tests

int f_u(int x) {
    return x + 1;
}
