// scope: production

class A {
  int next(int x) {
    return x + 1;
  }
}
