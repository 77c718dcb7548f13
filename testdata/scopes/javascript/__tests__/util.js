// scope: tests

function futil(x) {
  return x + 1;
}
