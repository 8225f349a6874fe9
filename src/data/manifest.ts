/**
 * The open data lexdis works with: every file of the data folder, where it comes from (a public
 * repository at a pinned commit) and its size and sha256. `lexdis data fetch` writes this layout
 * and `lexdis data check` verifies it; docs/data.md describes each set and its licence.
 *
 * Each hash was taken from the file in the data folder and matched against the blob at the
 * pinned commit (`git show COMMIT:PATH | sha256sum`). A file without `source` has no public
 * copy (lexdis's own notes, or output made here) and comes from a mirror (`--from`), or, in a
 * set with `builtFrom`, is made from other sets (the reference output, with Perl).
 */

/** One file of a data set. */
export interface DataFile {
  /** Its name in the set's folder. */
  readonly name: string;
  /** Its path in the set's repository at `commit`; absent for a file only a mirror has. */
  readonly source?: string;
  readonly bytes: number;
  /** Lowercase hex. */
  readonly sha256: string;
}

/** A public repository at one commit. */
export interface DataOrigin {
  /** `owner/name` on GitHub. */
  readonly repo: string;
  /** The full 40-hex commit the files are read at. */
  readonly commit: string;
}

/** One folder of the data folder. */
export interface DataSet {
  /** The folder's name, and the set's name on the command line. */
  readonly name: string;
  /** What it is, in a few words. */
  readonly title: string;
  /** The licence the files are under (each set's folder has its text where the source has one). */
  readonly licence: string;
  /** Where the files with a `source` come from; absent when no file of the set has one. */
  readonly origin?: DataOrigin;
  /**
   * The sets this one is made from, on the user's machine, by `buildReference`
   * (src/data/reference.ts); absent for a set that is only downloaded.
   */
  readonly builtFrom?: readonly string[];
  readonly files: readonly DataFile[];
}

/** Every data set, in the order fetch takes them (the analyzer's tables first: every command needs them). */
export const DATA_SETS: readonly DataSet[] = [
  {
    name: 'bama-1.0',
    title: 'BAMA 1.0 analyzer tables (Buckwalter Arabic Morphological Analyzer)',
    licence: 'GPL-2.0 (gpl.txt)',
    origin: { repo: 'robertmiles3/aramorph', commit: '6c8ed3eacaec01918dcb9b75f9110b9fdbf82e6f' },
    files: [
      { name: 'dictPrefixes', source: 'dictPrefixes', bytes: 27410, sha256: '81709715a62c87c2bf5df8242e04dd10f1e6e55d6703febe220f70c802d3151e' },
      { name: 'dictStems', source: 'dictStems', bytes: 3877388, sha256: '7a1bca845984768ead284fac0161a21f2198966acdc5e5e0cf20e2f83ef7cefa' },
      { name: 'dictSuffixes', source: 'dictSuffixes', bytes: 91704, sha256: '43b12bf71b386fb28cbe093d297bbc6133b4d46b1e548aaf64c42a93bfd2de66' },
      { name: 'tableAB', source: 'tableAB', bytes: 56259, sha256: '3924ccdf2315c55592b2ef64b333bfdc40460b79a6da4739177b8c071ad7c578' },
      { name: 'tableAC', source: 'tableAC', bytes: 15681, sha256: '62f60935b5bb8611804ef0fc9a289332c26a4f90d63683147ff3be49293dab97' },
      { name: 'tableBC', source: 'tableBC', bytes: 28463, sha256: '8156979444531cd5594e9cede3457de9a1f206bd2dc77501eb92d3cd011bced9' },
      { name: 'readme.txt', source: 'readme.txt', bytes: 43077, sha256: '9ec47c2620823250841b0774b427b7ef8e468fe6e3114d3568a4af158af0c247' },
      { name: 'gpl.txt', source: 'gpl.txt', bytes: 18009, sha256: '204d8eff92f95aac4df6c8122bc1505f468f3a901e5a4cc08940e0ede1938994' },
    ],
  },
  {
    name: 'ud-arabic-pud',
    title: 'UD Arabic-PUD (Parallel Universal Dependencies, v2.11 to v2.16)',
    licence: 'CC BY-SA 3.0 (LICENSE.txt)',
    origin: { repo: 'UniversalDependencies/UD_Arabic-PUD', commit: 'ecbbe34ab5813d0b6651ef9d0cfd8e4b98c0c3a4' },
    files: [
      { name: 'ar_pud-ud-test.conllu', source: 'ar_pud-ud-test.conllu', bytes: 2339267, sha256: 'a6d574a46815f6d6e7fa2e92944a2bbde0acaad5013010d92a99f1ef711ce17b' },
      { name: 'README.md', source: 'README.md', bytes: 5787, sha256: '76d9d534220cccc05709aa508b93fa200dc10506c3ccfdd36b9efe4c8ef07316' },
      { name: 'LICENSE.txt', source: 'LICENSE.txt', bytes: 19556, sha256: 'b278eb53fe50b8bb7fa0d90fb8536c35fdcaa80f9d63812cb51db539555d2a89' },
    ],
  },
  {
    name: 'wikinews-max',
    title: 'WikiNewsMax, the WikiNews diacritization test set maximally diacritized (evaluation only)',
    licence: 'CC BY-SA 4.0 (LICENSE)',
    origin: { repo: 'CAMeL-Lab/wild_diacritics', commit: '0d2f3fc100b639e6178c00dbc87ee285e9fb4716' },
    files: [
      { name: 'WikiNewsMax.tsv', source: 'data/WikiNewsMax.tsv', bytes: 825282, sha256: 'a9cc8f7725aa88529a582bbe655a522b384cbbd6b257fb8d72986d17edfdbeb2' },
      { name: 'LICENSE', source: 'LICENSE_CC_BY_SA', bytes: 20137, sha256: '23ee78c8bae49cf08ea2f0c84945c66b987ebe4520881fb51b3dad4fb43d07c2' },
      { name: 'README.md', bytes: 982, sha256: 'f8dfc082bfa146ee7a640c09001988ee193fecb28a8dc9a03fa1753b6dd997fc' },
    ],
  },
  {
    name: 'ud-arabic-padt-1.3',
    title: 'UD Arabic-PADT 1.3, dev and test parts, fully vocalized',
    licence: 'CC BY-NC-SA 3.0 (LICENSE.txt): non-commercial use only',
    origin: { repo: 'UniversalDependencies/UD_Arabic-PADT', commit: 'c4a942c1c4c30fe1817771c64aecca134015efef' },
    files: [
      { name: 'ar-ud-dev.conllu', source: 'ar-ud-dev.conllu', bytes: 3970132, sha256: '3ce1725289ff166d5dc6745f9d6bd801fa156bd8e803439a1fe507b532e31232' },
      { name: 'ar-ud-test.conllu', source: 'ar-ud-test.conllu', bytes: 3952393, sha256: 'a2f82ed47f9a9d15fcb43f48c49d005459a319d9d8d8ddf419090b920cdeca8c' },
      { name: 'README.original.md', source: 'README.md', bytes: 2658, sha256: '8176a2962bad13cb6e789840d669d6bdd8590defcd822587dded8557edfa2d16' },
      { name: 'LICENSE.txt', source: 'LICENSE.txt', bytes: 19848, sha256: '79e211ff70191c7f5cf0e33a8cf2bfa5799318d51ae7a5fd1a065abcb3e3ab05' },
      { name: 'README.md', bytes: 2410, sha256: '51ed8168018ba30b82da0ed0601c221c7f69d75756cc223b22d54da0529469ff' },
    ],
  },
  {
    name: 'bama-1.0-program',
    title: 'The original BAMA 1.0 program, AraMorph.pl (Perl): it rebuilds bama-1.0-reference',
    licence: 'GPL-2.0 (gpl.txt)',
    origin: { repo: 'akhiar/aramorph', commit: 'ff30afbb683b0bff5a44a62532cf4cc3cc111a1d' },
    files: [
      { name: 'AraMorph.pl', source: 'AraMorph.pl', bytes: 17077, sha256: 'bbd4cc578d727f20bdb7af3132bd4d5d5763b95a755b6aa8c2958e86171c42a8' },
      { name: 'gpl.txt', source: 'gpl.txt', bytes: 18009, sha256: '204d8eff92f95aac4df6c8122bc1505f468f3a901e5a4cc08940e0ede1938994' },
      { name: 'README.md', bytes: 989, sha256: '592802bc22d983dd02dacb8126ef9e447b2a424d3d44434db6c2835f05c5007b' },
    ],
  },
  {
    name: 'bama-1.0-reference',
    title: 'PUD\'s sentences and the original BAMA 1.0 program\'s analyses of them (the tests\' and benches\' reference)',
    licence: 'as ud-arabic-pud (the sentences) and bama-1.0 (the analyses)',
    builtFrom: ['ud-arabic-pud', 'bama-1.0', 'bama-1.0-program'],
    files: [
      { name: 'pud-sentences.txt', bytes: 170568, sha256: '2d7a064887cf1ca3892dde8f972232dc108da775443d83346667fd2e3e6e3bf2' },
      { name: 'pud-analyses.txt', bytes: 4862854, sha256: '165a97dfe855a62bdb69f2038d0ac452dce11a4d7427604612d7650ec86a20bc' },
    ],
  },
];

/** The names of {@link DATA_SETS}, in order. */
export const DATA_SET_NAMES: readonly string[] = DATA_SETS.map((s) => s.name);

/** A set's file's public URL: the raw file at the pinned commit; undefined for a file only a mirror has. */
export function publicUrl(set: DataSet, file: DataFile): string | undefined {
  if (!set.origin || file.source === undefined) return undefined;
  const path = file.source.split('/').map(encodeURIComponent).join('/');
  return `https://raw.githubusercontent.com/${set.origin.repo}/${set.origin.commit}/${path}`;
}

/** True when at least one file of the set has a public source (fetch takes it without `--from`). */
export function hasPublicSource(set: DataSet): boolean {
  return set.files.some((f) => publicUrl(set, f) !== undefined);
}
