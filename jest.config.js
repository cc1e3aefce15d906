const { configUmiAlias, createConfig } = require('@umijs/max/test');

// Client tests: components with testing-library against msw; server tests run under node:test.
module.exports = async () => {
  const base = createConfig({
    target: 'browser',
    jsTransformer: 'esbuild',
    jsTransformerOpts: { jsx: 'automatic' },
  });
  return configUmiAlias({
    ...base,
    testEnvironment: 'jest-fixed-jsdom',
    setupFilesAfterEnv: ['<rootDir>/tests/jest.setup.ts'],
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/common/**/*.test.ts'],
    testTimeout: 30000,
    moduleNameMapper: {
      ...base.moduleNameMapper,
      '^@common/(.*)$': '<rootDir>/common/$1',
    },
  });
};
