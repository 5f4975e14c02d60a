// Two projects: Pact consumer tests first (they write contracts/), then everything else (unit,
// integration against a fresh PostgreSQL database per test file, Pact provider verification).
// `npm test` runs them in that order.
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = {};
for (const [alias, [target]] of Object.entries(compilerOptions.paths)) {
  moduleNameMapper[`^${alias.replace(/[/]/g, '\\/')}$`] = `<rootDir>/${target}`;
}

const transform = {
  '^.+\\.(t|j)s$': [
    '@swc/jest',
    {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs', ignoreDynamic: true },
    },
  ],
};

const common = {
  rootDir: __dirname,
  transform,
  moduleNameMapper,
  testEnvironment: 'node',
  // A few dependencies ship ESM only; swc compiles them to CommonJS for jest's module registry.
  transformIgnorePatterns: ['^(?!.*/node_modules/(p-limit|yocto-queue|p-queue|p-timeout|serialize-error|archiver|zip-stream|compress-commons|crc32-stream|is-stream)/).*/node_modules/'],
  modulePathIgnorePatterns: ['<rootDir>/.data/', '<rootDir>/tmp/', '<rootDir>/dist/'],
  setupFilesAfterEnv: ['<rootDir>/jest/roarr-teardown.ts'],
};

module.exports = {
  // Two test files run at a time on a shared machine: a slow moment must not fail a test; a hung one still stops.
  testTimeout: 120_000,
  projects: [
    {
      ...common,
      displayName: 'consumer',
      testMatch: ['<rootDir>/libs/sdk/test/**/*.pact.test.ts'],
    },
    {
      ...common,
      displayName: 'main',
      testMatch: ['<rootDir>/{apps,libs,tools}/*/{src,test}/**/*.test.ts'],
      testPathIgnorePatterns: ['\\.pact\\.test\\.ts$'],
      globalSetup: '<rootDir>/jest/global-setup.ts',
      globalTeardown: '<rootDir>/jest/global-teardown.ts',
    },
  ],
};
