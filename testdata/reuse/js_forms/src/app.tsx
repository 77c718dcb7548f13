import { surface, units } from './shapes';
import type { Shape } from './shapes';
import Circle from './shapes/area';
import { Id } from './shapes/types';
import { Missing } from './nowhere';
import './broken';
import React from 'react';

export function App(props: { s: Shape }) { // want status:"used"
  return <Circle r={surface(props.s.r) * units.CM} />;
}
