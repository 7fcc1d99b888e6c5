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
          // The `z` export is one namespace object that takes all of zod into a bundle,
          // locales included; `import * as z` lets bundlers keep only what is used (decision 084).
          selector:
            "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
          message: "Write import * as z from 'zod' (decision 084)",
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
