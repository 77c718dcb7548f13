// scope: tests

function fhelper(x) {
  return x + 1;
}
