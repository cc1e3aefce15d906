// Our own code compiled for the browsers `targets` names (docs/decisions/0060-bundle-goals.md).
// Umi 4.7 hands `targets` to babel-loader as babel's top-level option, but the preset-env it bundles
// reads targets only from its own options, so everything under src/ (and Umi's generated files) was
// compiled for ES5: async functions became regenerator state machines, classes and spreads helpers.
// This gives the same targets to that preset-env, on every rule that runs Umi's babel preset, and
// throws while the configuration loads when a rule is gone or no longer runs the preset.

/** The rules of Umi's webpack chain that compile source files with its babel preset. */
export const SOURCE_RULES = ['src', 'jsx-ts-tsx', 'extra-src'];

// Presets other plugins add may be functions or objects rather than module paths.
type Preset = unknown;
interface BabelOptions {
  presets?: Preset[];
}
interface Chain {
  module: {
    rules: { has(name: string): boolean };
    rule(name: string): {
      uses: { has(name: string): boolean };
      use(name: string): { get(key: 'options'): BabelOptions | undefined; tap(fn: (options: BabelOptions) => BabelOptions): unknown };
    };
  };
}

const presetName = (preset: Preset): unknown => (Array.isArray(preset) ? preset[0] : preset);
const isUmiPreset = (preset: Preset) => {
  const name = presetName(preset);
  return typeof name === 'string' && name.includes('babel-preset-umi');
};

/** The babel options with `targets` given to Umi's preset-env; throws when Umi's preset is not among them. */
export function withPresetTargets(options: BabelOptions, targets: Record<string, number | string>, rule = '?'): BabelOptions {
  const presets = options.presets ?? [];
  if (!presets.some(isUmiPreset)) throw new Error(`config/babelTargets.ts: the '${rule}' rule no longer runs @umijs/babel-preset-umi`);
  return {
    ...options,
    presets: presets.map((preset) => {
      if (!isUmiPreset(preset)) return preset;
      const [name, presetOptions = {}] = (Array.isArray(preset) ? preset : [preset]) as [string, Record<string, unknown>?];
      const presetEnv = (presetOptions.presetEnv as Record<string, unknown> | undefined) ?? {};
      return [name, { ...presetOptions, presetEnv: { ...presetEnv, targets } }];
    }),
  };
}

/** Applies `targets` to Umi's preset-env on every source rule of the chain. */
export function compileSourcesFor(memo: Chain, targets: Record<string, number | string>) {
  for (const name of SOURCE_RULES) {
    if (!memo.module.rules.has(name) || !memo.module.rule(name).uses.has('babel-loader')) {
      throw new Error(`config/babelTargets.ts: Umi's webpack chain has no babel-loader in a '${name}' rule any more`);
    }
    memo.module
      .rule(name)
      .use('babel-loader')
      .tap((options) => withPresetTargets(options, targets, name));
  }
}
