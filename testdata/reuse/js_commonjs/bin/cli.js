const app = require('..');

app();
