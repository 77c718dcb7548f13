// scope: tests

function fapp(x) {
  return x + 1;
}
