import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noImport = (groups, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }],
});

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'cdk.out/**',
      'web/dist/**',
      '.local/**',
      '.test-out/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only']", message: 'No .only in tests' },
        { selector: "CallExpression[callee.property.name='skip']", message: 'No skipped tests' },
        {
          // Classic zod (`zod`, `zod/v4`) carries every schema's methods: about 95 kB in each
          // bundle against about 25 kB for zod/mini (decision 097). Types only may come from it.
          selector:
            ":matches(ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration, ImportExpression)[source.value=/^zod(\\/v4(\\/classic)?|\\/v3)?$/]:not([importKind='type']):not([exportKind='type'])",
          message:
            "Write import * as z from 'zod/mini'; classic zod only in import type (decision 097)",
        },
        {
          // One namespace import, as everywhere else: bundlers keep only the functions used
          // (decisions 084 and 097).
          selector:
            "ImportDeclaration[source.value='zod/mini'][importKind!='type'] > :matches(ImportSpecifier, ImportDefaultSpecifier)[importKind!='type']",
          message: "Write import * as z from 'zod/mini' (decision 097)",
        },
      ],
    },
  },
  {
    // CloudFormation templates and HTTP bodies under test are untyped JSON.
    files: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Import boundaries: shared/ is pure and imports none of the others; web/ never imports
  // functions/ or infra/; functions/ never imports web/ or infra/.
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: noImport(
      [
        '**/web/**',
        '**/functions/**',
        '**/infra/**',
        '@aws-sdk/*',
        'react',
        'react-dom',
        'aws-amplify*',
      ],
      'shared/ holds pure domain code: no app, AWS or React imports',
    ),
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: noImport(
      ['**/functions/**', '**/infra/**', '@aws-sdk/*'],
      'web/ may import shared/ only',
    ),
  },
  {
    files: ['functions/**/*.ts'],
    rules: noImport(['**/web/**', '**/infra/**'], 'functions/ may import shared/ only'),
  },
);
