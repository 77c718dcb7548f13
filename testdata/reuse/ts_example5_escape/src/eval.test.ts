import { chrf } from './metrics';

test('chrf', () => {
  expect(chrf(['a'])).toBe(1);
});
