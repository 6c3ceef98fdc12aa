// Unit and integration tests (services against real Postgres). Browser journeys live in e2e/.
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
          // JSON data is imported `with { type: 'json' }`, which Node's ESM loader asks for.
          experimental: { keepImportAttributes: true },
        },
        module: { type: 'es6' },
      },
    ],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1', '\\.css$': '<rootDir>/scripts/jest-css-stub.js' },
  testMatch: ['<rootDir>/{packages,gateway,shell,svc-*,mfe-*,scripts,eval}/**/*.test.ts?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  globalSetup: '<rootDir>/scripts/jest-global-setup.js',
  setupFiles: ['<rootDir>/scripts/jest-setup-locale.cjs', '<rootDir>/scripts/jest-setup-dom.mjs'],
  setupFilesAfterEnv: ['<rootDir>/scripts/jest-setup-waits.mjs'],
  // A net, not a speed check: on a loaded two-core CI machine a PGlite start in a beforeAll hook
  // (about 2 s idle) once passed 20 s. Speed is measured in bench/, never here.
  testTimeout: 60000,
  // Two workers even on two cores (jest would run one file after another in its own process), each
  // started afresh once it holds 1 GB: test files leave modules behind, and one process running
  // every file grew past 4 GB and slowed to a crawl collecting garbage. Measured: svc-people and
  // svc-coaching's tests in 48 s this way, 87 s in one process.
  maxWorkers: 2,
  workerIdleMemoryLimit: '1GB',
};
