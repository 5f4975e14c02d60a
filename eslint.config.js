// Lint: typescript-eslint's recommended rules plus the architecture's dependency rule, enforced with
// Nx tags. A new app only needs the `type:app` tag in its package.json.
const nx = require('@nx/eslint-plugin');
const tseslint = require('typescript-eslint');

const depConstraints = [
  { sourceTag: 'type:api-types', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:errors', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:api-types', 'type:errors'] },
  { sourceTag: 'type:db', onlyDependOnLibsWithTags: ['type:api-types', 'type:errors'] },
  // The data layer: schema, migrations, function files and the code that runs derive and refresh.
  { sourceTag: 'type:read-model', onlyDependOnLibsWithTags: ['type:api-types', 'type:errors', 'type:db'] },
  { sourceTag: 'type:service-kit', onlyDependOnLibsWithTags: ['type:api-types', 'type:errors'] },
  { sourceTag: 'type:sdk', onlyDependOnLibsWithTags: ['type:api-types'] },
  { sourceTag: 'type:workflows', onlyDependOnLibsWithTags: ['type:api-types'] },
  // Download jobs: file layouts and activities over the filter compiler and the database.
  { sourceTag: 'type:downloads', onlyDependOnLibsWithTags: ['type:api-types', 'type:errors', 'type:domain', 'type:db'] },
  { sourceTag: 'type:gateway', onlyDependOnLibsWithTags: ['type:api-types', 'type:errors', 'type:service-kit', 'type:app', 'type:db'] },
  {
    sourceTag: 'type:app',
    onlyDependOnLibsWithTags: ['type:api-types', 'type:errors', 'type:service-kit', 'type:db', 'type:read-model', 'type:domain', 'type:workflows', 'type:downloads'],
  },
  {
    sourceTag: 'type:tool',
    onlyDependOnLibsWithTags: ['type:api-types', 'type:errors', 'type:service-kit', 'type:db', 'type:read-model', 'type:domain', 'type:sdk', 'type:downloads'],
  },
  // The launcher is the composition root of `npm start`: it wires tools (loader, datagen) to the gateway.
  { sourceTag: 'type:launcher', onlyDependOnLibsWithTags: ['type:*'] },
];

module.exports = [
  { ignores: ['**/node_modules/**', '**/generated/**', '.data/**', 'tmp/**', 'dist/**', 'coverage/**', '.nx/**', 'contracts/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    // Type-aware rules read the types of each file through the project service (tsconfig.json).
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: __dirname } },
    rules: {
      // A promise nobody awaits loses its rejection (an unhandled rejection ends the process) and its ordering.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      '@nx/enforce-module-boundaries': [
        'error',
        { enforceBuildableLibDependency: false, allow: ['@usas/test-harness', '@usas/db/testing', '@usas/db/embedded', '@usas/loader/progress'], depConstraints },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'ExportAllDeclaration', message: 'Export by name: one public door per lib (style rule 4).' }],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.ts', 'jest/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
];
