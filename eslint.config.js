// One lint config for the whole monorepo. The import rules enforce the dependency direction
// described in docs/architecture.md: app -> features -> ui/lib/content, features never import a
// sibling feature, nothing in the browser imports server code, the server's APIs never import
// each other, and no module imports itself through a cycle.
import fs from 'node:fs'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import importX from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import globals from 'globals'
import sqlSafety from './scripts/lint/no-sql-assembly.js'

const featuresDir = 'apps/web/src/features'
const features = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory())
  : []

const webZones = [
  // The browser bundle never reaches into the server.
  {
    target: './apps/web',
    from: './apps/server',
    message: 'The web app must not import server code.',
  },
  { target: './packages', from: './apps', message: 'Packages must not import apps.' },
  // Shared layers never depend on features or the app shell.
  ...['ui', 'lib', 'content'].map((layer) => ({
    target: `./apps/web/src/${layer}`,
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: `${layer}/ is shared: it must not import features or app.`,
  })),
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'Features must not import the app shell.',
  },
  // A feature never imports a sibling feature.
  ...features.map((f) => ({
    target: `./apps/web/src/features/${f.name}`,
    from: './apps/web/src/features',
    except: [`./${f.name}`],
    message: 'A feature must not import another feature: move what they share to ui/ or lib/.',
  })),
]

// The server's APIs (REST, storage, the /auth/v1 API) are siblings: each may use the shared layers
// (db/ for transactions and pools, http/ for request plumbing such as the JSON body reader,
// caller/ for who is calling) but never another API. The shared layers never import an API.
const serverApis = ['rest', 'storage', 'auth-api']
const serverZones = [
  ...serverApis.map((api) => ({
    target: `./apps/server/src/${api}`,
    from: serverApis.filter((other) => other !== api).map((other) => `./apps/server/src/${other}`),
    message: `${api}/ must not import another API: move what they share to db/, http/ or caller/.`,
  })),
  ...['db', 'http', 'caller'].map((layer) => ({
    target: `./apps/server/src/${layer}`,
    from: serverApis.map((api) => `./apps/server/src/${api}`),
    message: `${layer}/ is shared by the APIs: it must not import rest/, storage/ or auth-api/.`,
  })),
]

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'screenshots/**',
      'bench/results/**',
      'ci-reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    // Without a TypeScript-aware resolver, extension-less imports of .ts/.tsx files do not
    // resolve and no-restricted-paths silently passes them.
    // And without the TypeScript extensions and parser, no-cycle never reads a .ts file's imports,
    // so it finds no cycle at all (import-boundaries tests prove both rules fire).
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver()],
      'import-x/extensions': ['.ts', '.tsx', '.cts', '.mts', '.js', '.jsx', '.cjs', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.cts', '.mts'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...webZones, ...serverZones] }],
      'import-x/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // No request text ever becomes SQL: statements are static text with bind parameters, and
    // only the REST SQL builder assembles statements, from catalog identifiers and types.
    files: ['apps/server/src/**/*.ts', 'scripts/**/*.{ts,mjs,js}'],
    ignores: ['apps/server/src/rest/sql-builder.ts', 'scripts/lint/**'],
    plugins: { 'sql-safety': sqlSafety },
    rules: {
      'sql-safety/no-sql-assembly': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='fromCatalog']",
          message: 'Ident and SqlType come only from the catalog (rest/catalog.ts).',
        },
      ],
    },
  },
  {
    files: ['apps/server/src/rest/catalog.ts', 'apps/server/src/rest/sql-names.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['packages/games/src/**/*.ts'],
    ignores: [
      // The browser side of the runtime (sound, confetti, URL parameters) is not rules.
      'packages/games/src/browser/**',
      'packages/games/src/**/render*.ts',
      'packages/games/src/**/input*.ts',
      'packages/games/src/**/*.test.ts',
    ],
    rules: {
      // Game rules are pure: time and randomness are handed in.
      'no-restricted-globals': ['error', 'window', 'document', 'performance', 'localStorage'],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the seeded RNG handed to the rules.' },
        {
          object: 'Date',
          property: 'now',
          message: 'Time is an input to step(), not read inside rules.',
        },
      ],
    },
  },
)
