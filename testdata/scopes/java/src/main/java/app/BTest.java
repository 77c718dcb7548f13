// scope: tests

class BTest {
  int next(int x) {
    return x + 1;
  }
}
