import { z } from 'zod';

/** Any value JSON can carry: the shape of memory seeds and of opaque params passed through to back ends. */
export const jsonValue = z.json({ error: 'expected a JSON value' });
