import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CorpusError,
  DataBuildError,
  DataFetchError,
  DataNotFoundError,
  errorFromJSON,
  InputParseError,
  LexdisError,
  ModelFormatError,
  ModelVersionError,
  OutputError,
  UsageError,
  WorkerError,
} from '../src/errors.js';

test('every error is a LexdisError with a distinct stable code', () => {
  const errors = [
    new InputParseError('x'), new DataNotFoundError('x'), new DataFetchError('x'), new ModelFormatError('x'), new ModelVersionError('x'),
    new CorpusError('x'), new UsageError('x'), new OutputError('x'), new WorkerError('x'),
    new DataBuildError('x'),
  ];
  const codes = new Set(errors.map((e) => e.code));
  assert.equal(codes.size, errors.length);
  for (const e of errors) assert.ok(e instanceof LexdisError);
  assert.ok(new ModelVersionError('x') instanceof ModelFormatError);
  assert.equal(new InputParseError('bad', { file: 'a.pos', line: 3 }).describe(), 'a.pos:3: bad');
  assert.equal(new InputParseError('bad').name, 'InputParseError');
});

test('errorFromJSON gives an error of its own class back from its JSON (what crosses a thread); an unknown code a LexdisError', () => {
  for (const e of [new InputParseError('bad', { file: 'a.txt', line: 3 }), new ModelVersionError('old'), new WorkerError('died'), new UsageError('no')]) {
    const back = errorFromJSON(JSON.parse(JSON.stringify(e.toJSON())));
    assert.equal(back.constructor, e.constructor);
    assert.deepEqual(back.toJSON(), e.toJSON());
  }
  const other = errorFromJSON({ code: 'SOMETHING_ELSE', message: 'm' });
  assert.equal(other.constructor, LexdisError);
  assert.equal(other.message, 'm');
});
