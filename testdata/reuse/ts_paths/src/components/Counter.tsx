import { add } from '@/lib/math';
import { fmt } from '~util';

export function Counter(props: { n: number }) { // want status:"used"
  return <span>{fmt(add(props.n, 1))}</span>;
}
