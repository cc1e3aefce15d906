import { compileSourcesFor, SOURCE_RULES, withPresetTargets } from './babelTargets';

const UMI_PRESET = '/x/node_modules/@umijs/babel-preset-umi/dist/index.js';
const TARGETS = { chrome: 80 };
/** Plugins may add presets as functions. */
const presetFn = () => ({});

/** A stand-in for Umi's webpack chain: rules by name, each with its babel-loader options. */
function chainOf(rules: Record<string, { presets?: unknown[] } | null>) {
  const options = { ...rules };
  return {
    options,
    module: {
      rules: { has: (name: string) => name in options },
      rule: (name: string) => ({
        uses: { has: (use: string) => use === 'babel-loader' && options[name] !== null },
        use: () => ({
          get: () => options[name] as never,
          tap: (fn: (o: never) => never) => {
            options[name] = fn(options[name] as never);
          },
        }),
      }),
    },
  };
}

describe("our sources compiled for the browsers we serve, through Umi's preset-env", () => {
  test("the targets reach Umi's preset-env and keep its other options; other presets (paths or functions) are left alone", () => {
    const options = withPresetTargets(
      { presets: [[UMI_PRESET, { presetEnv: { loose: true }, react: {} }], 'other-preset', presetFn, [presetFn, {}]] },
      TARGETS,
    );
    expect(options.presets).toEqual([
      [UMI_PRESET, { presetEnv: { loose: true, targets: TARGETS }, react: {} }],
      'other-preset',
      presetFn,
      [presetFn, {}],
    ]);
  });

  test('a preset named without options gets them', () => {
    expect(withPresetTargets({ presets: [UMI_PRESET] }, TARGETS).presets).toEqual([[UMI_PRESET, { presetEnv: { targets: TARGETS } }]]);
  });

  test("a rule that no longer runs Umi's preset fails the build, naming the rule", () => {
    expect(() => withPresetTargets({ presets: ['other-preset'] }, TARGETS, 'src')).toThrow(
      /'src' rule no longer runs @umijs\/babel-preset-umi/,
    );
  });

  test('every source rule of the chain gets the targets', () => {
    const chain = chainOf(Object.fromEntries(SOURCE_RULES.map((name) => [name, { presets: [UMI_PRESET] }])));
    compileSourcesFor(chain as never, TARGETS);
    for (const name of SOURCE_RULES) expect(chain.options[name]).toEqual({ presets: [[UMI_PRESET, { presetEnv: { targets: TARGETS } }]] });
  });

  test('a source rule gone from the chain, or without babel-loader, fails the build', () => {
    const [first, ...rest] = SOURCE_RULES;
    const missing = chainOf(Object.fromEntries(rest.map((name) => [name, { presets: [UMI_PRESET] }])));
    expect(() => compileSourcesFor(missing as never, TARGETS)).toThrow(new RegExp(`no babel-loader in a '${first}' rule`));
    const noLoader = chainOf({ ...Object.fromEntries(SOURCE_RULES.map((name) => [name, { presets: [UMI_PRESET] }])), [first]: null });
    expect(() => compileSourcesFor(noLoader as never, TARGETS)).toThrow(new RegExp(`no babel-loader in a '${first}' rule`));
  });
});
