// A Brainbench extension of `[providers.<name>]`: what the provider's models cost, for the
// accounting of recordings (docs/recordings.md#accounting). omw flattens unknown keys of an
// implementation table into its params and ignores them, so a config with prices still runs
// under omw; Brainbench checks the key on every provider kind.

import { z } from 'zod';

import { closedTable } from '../closed-table.ts';
import type { OmwConfig } from '../config-types.ts';
import { validateLocated } from '../validate-located.ts';

const perMillionTokens = z.number().nonnegative().finite();

const modelPriceSchema = closedTable({
  /** Per million prompt tokens. */
  input_per_mtok: perMillionTokens,
  /** Per million completion tokens. */
  output_per_mtok: perMillionTokens,
  /** An ISO 4217 code; USD when absent. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { error: 'expected a three-letter currency code such as USD or EUR' })
    .default('USD'),
});

/** Keyed by model, as the brain names it in its chat calls (or the provider's default `model`). */
export const providerPricesSchema = z.record(z.string().min(1, { error: 'expected a model name' }), modelPriceSchema);

/** The key every provider kind's params take beside its own. */
export const priceTableParams = { prices: providerPricesSchema.optional() };

export type ModelPrice = z.output<typeof modelPriceSchema>;

/** Per provider, per model. */
export type PriceTable = Record<string, Record<string, ModelPrice>>;

/** The prices of a loaded config; a bad entry is a ConfigError at its file:line:column. */
export function priceTableOf(config: OmwConfig): PriceTable {
  // Built from entries, so that a provider's name is an own key whatever it is (`__proto__` too).
  return Object.fromEntries(
    Object.entries(config.providers).flatMap(([name, provider]) => {
      const prices = provider.params['prices'];
      if (prices === undefined) return [];
      return [[name, validateLocated(providerPricesSchema, prices, config, ['providers', name, 'prices'])]];
    }),
  );
}

/**
 * The prices a recording's header holds (its config as the run loaded it, already checked then).
 * An entry that does not fit is left out: a recording made by another version is still read.
 */
export function recordedPriceTable(
  providers: Readonly<Record<string, { params: Record<string, unknown> }>>,
): PriceTable {
  return Object.fromEntries(
    Object.entries(providers).flatMap(([name, provider]) => {
      const parsed = providerPricesSchema.safeParse(provider.params['prices']);
      return parsed.success ? [[name, parsed.data]] : [];
    }),
  );
}
