// scope: production

function fcontest(x) {
  return x + 1;
}
