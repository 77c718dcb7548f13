// scope: tests

class ATest {
  int next(int x) {
    return x + 1;
  }
}
