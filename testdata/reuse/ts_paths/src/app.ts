import { Counter } from '@/components/Counter';
import { sub } from 'src/lib/math';
import { gone } from '@/lib/gone';
import React from 'react';

Counter({ n: sub(2, 1) });
