const { configUmiAlias, createConfig } = require('@umijs/max/test');

// Client tests: components with testing-library against msw; server tests run under node:test.
module.exports = async () => {
  const base = createConfig({
    target: 'browser',
    jsTransformer: 'esbuild',
    // Dynamic import() becomes a require inside a promise: jest runs CommonJS without vm modules.
    jsTransformerOpts: { jsx: 'automatic', supported: { 'dynamic-import': false } },
  });
  return configUmiAlias({
    ...base,
    testEnvironment: 'jest-fixed-jsdom',
    setupFilesAfterEnv: ['<rootDir>/tests/jest.setup.ts'],
    testMatch: [
      '<rootDir>/src/**/*.test.{ts,tsx}',
      '<rootDir>/common/**/*.test.ts',
      '<rootDir>/mock/**/*.test.ts',
      '<rootDir>/config/**/*.test.ts',
    ],
    // Umi's preset skips mock/ (its own mock server's folder, off here); ours holds the mocks' own tests.
    // Nor config/, whose build helpers (config/proTrim.ts) have their tests there.
    testPathIgnorePatterns: base.testPathIgnorePatterns?.filter(
      (pattern) => pattern !== '<rootDir>/mock/' && pattern !== '<rootDir>/config/',
    ),
    // A test that renders the whole app shell (ProLayout, the workbench) twice needs more than 30 s on a busy two-core machine.
    testTimeout: 60000,
    // node_modules run as shipped (CommonJS) except these ESM-only packages: transforming all of
    // antd made a cold run take over two minutes. Add a package here when jest
    // says "Must use import to load ES Module" for it.
    transformIgnorePatterns: [
      `^(?!.*/node_modules/(${[
        'umi',
        '@umijs',
        '@babel/runtime',
        'msw',
        '@mswjs',
        '@open-draft',
        '@bundled-es-modules',
        'until-async',
        'outvariant',
        'strict-event-emitter',
        'headers-polyfill',
        'rettime',
      ].join('|')})/).*/node_modules/`,
    ],
    moduleNameMapper: {
      ...base.moduleNameMapper,
      '^@common/(.*)$': '<rootDir>/common/$1',
      '^@mock/(.*)$': '<rootDir>/mock/$1',
      // Deep imports name antd-mobile's ES modules (the build wants them); jest runs its CommonJS twins.
      '^antd-mobile/es/(.*)$': '<rootDir>/node_modules/antd-mobile/cjs/$1',
      // jsdom draws nothing: every test gets one recorder in echarts' place (mock/echarts.ts).
      '^echarts/(core|charts|components|renderers)$': '<rootDir>/mock/echarts.ts',
      // The same for pro-components' modules that src/vendor loads on first use (ADR 0047).
      '^@ant-design/(pro-field|pro-form|pro-table)/es/(.*)$': '<rootDir>/node_modules/@ant-design/$1/lib/$2',
      '^antd/es/(.*)$': '<rootDir>/node_modules/antd/lib/$1',
    },
  });
};
