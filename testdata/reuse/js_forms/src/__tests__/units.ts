import { INCH } from '../shapes/units';

console.assert(INCH > 2);
