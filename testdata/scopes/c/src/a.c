// scope: production

int f_a(int x) {
    return x + 1;
}
