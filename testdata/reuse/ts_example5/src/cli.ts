import { evaluate } from './eval';

console.log(evaluate(process.argv.slice(2)));
