// scope: tests

class Helper {
  int next(int x) {
    return x + 1;
  }
}
