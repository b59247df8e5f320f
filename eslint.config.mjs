// Lint: typescript-eslint's type-checked recommended rules over src/ and test/ (the type-checked
// rules are the ones that see what tsc alone lets through in a strict code base: floating or
// misused promises, values typed `any` (JSON) flowing on unchecked, assertions that assert nothing).
import tseslint from 'typescript-eslint';

// The statuses src/http/HttpError.ts (and auth.ts) have a typed error for: a generic
// `new HttpError(<one of these>, …)` is refused, the typed error says it (title, headers, members) once.
const TYPED_4XX = [400, 401, 404, 405, 406, 410, 413, 415, 422];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test/fixtures/**',
      'data/**',
      'scripts/**',
      '.mocharc.cjs',
      'eslint.config.mjs',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A name that starts with _ is unused on purpose: a member left out of a rest (`{ a: _a, ...rest }`), a parameter
      // an interface or express needs (`_next` marks an error handler by its arity).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `NewExpression[callee.name='HttpError']:matches(${TYPED_4XX.map((s) => `[arguments.0.value=${s}]`).join(', ')})`,
          message:
            'A typed error exists for this status (src/http/HttpError.ts: BadRequest, NotFound, Gone, MethodNotAllowed, ' +
            'NotAcceptable, PayloadTooLarge, UnsupportedMediaType, UnprocessableContent; auth.ts: Unauthorized): throw that instead.',
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts', 'test/**/*.tsx'],
    rules: {
      // chai asserts on property access (`expect(x).to.not.be.empty`): the rule takes those assertions for expressions that do nothing.
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },
);
