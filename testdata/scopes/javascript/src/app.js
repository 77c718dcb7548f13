// scope: production

function fapp(x) {
  return x + 1;
}
