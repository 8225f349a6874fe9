import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CorpusError, DataFetchError, DataNotFoundError, InputParseError, LexdisError, ModelFormatError, ModelVersionError, OutputError, UsageError,
} from '../src/errors.js';

test('every error is a LexdisError with a distinct stable code', () => {
  const errors = [
    new InputParseError('x'), new DataNotFoundError('x'), new DataFetchError('x'), new ModelFormatError('x'), new ModelVersionError('x'),
    new CorpusError('x'), new UsageError('x'), new OutputError('x'),
  ];
  const codes = new Set(errors.map((e) => e.code));
  assert.equal(codes.size, errors.length);
  for (const e of errors) assert.ok(e instanceof LexdisError);
  assert.ok(new ModelVersionError('x') instanceof ModelFormatError);
  assert.equal(new InputParseError('bad', { file: 'a.pos', line: 3 }).describe(), 'a.pos:3: bad');
  assert.equal(new InputParseError('bad').name, 'InputParseError');
});
