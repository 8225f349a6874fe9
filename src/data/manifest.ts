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
   * True for a set only training reads (a corpus the default model `lexdis` is made from, beyond
   * the treebanks): the tests never read it, so a data folder without it is complete for them.
   */
  readonly trainingOnly?: boolean;
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
    name: 'aljazeera-learning',
    title: 'Al Jazeera Learning\'s news stories for learners, fully vocalized (from the Tashkeela2 corpus)',
    licence: 'GPL-3.0 (LICENSE)',
    origin: { repo: 'linuxscout/tashkeela2', commit: '2f1cce8bf391d89ab312819a2949ba6862ffa1f3' },
    trainingOnly: true,
    files: [
      { name: '5-1', source: 'data/aljazeera/5-1', bytes: 2353, sha256: 'b480b7559a30d8314938533b17ad4916ed6a84496b99f70bd60215fa6f607afc' },
      { name: '5-2', source: 'data/aljazeera/5-2', bytes: 2349, sha256: '915283a1b036bab673383b4ec7228340decc073b44cf3f11bccd01e8eaef7187' },
      { name: '5-3', source: 'data/aljazeera/5-3', bytes: 2039, sha256: '81258562ff0a7d0028d465f8870df0969dccea1a565799332e7838a6230363bd' },
      { name: '5-4', source: 'data/aljazeera/5-4', bytes: 2539, sha256: '73b764d9ba8cc90161c71d1d3b0091625c0dc8168ee8f1798543a8c232b04862' },
      { name: '5-5', source: 'data/aljazeera/5-5', bytes: 2135, sha256: 'c451c976a258782b5774d527d991b338dcc2dfd953ac563bd94de29eefff487c' },
      { name: '5-6', source: 'data/aljazeera/5-6', bytes: 2086, sha256: '5c87ab10b9fbc522082220742a28b525c933757fcc2cd047d68d2fc4a0b6a568' },
      { name: '5-7', source: 'data/aljazeera/5-7', bytes: 2633, sha256: '191c657cefbcc59fe9a5fde01c2d758ae5b4ae972365b0b99ce5630aa645e1a5' },
      { name: '5-8', source: 'data/aljazeera/5-8', bytes: 2365, sha256: 'c95129ac3f2a8dcda64a05e542236101574ed55623fb688975bdb590bf2d6f84' },
      { name: '5-9', source: 'data/aljazeera/5-9', bytes: 2428, sha256: 'd9bd0fb803e0f27f2f78090097c334a0c2f818b868f78f957117b57109d70e2a' },
      { name: '5-10', source: 'data/aljazeera/5-10', bytes: 1996, sha256: '05adcd5f74f9e6966dd28b01789e5098fbe80e8a91f3ee8804ad84ad71e5d8b6' },
      { name: '5-11', source: 'data/aljazeera/5-11', bytes: 2632, sha256: '5cbad21406625b1ab9e806ff30472105bd26b8f1d3edd1e24e317fb2508a3ab0' },
      { name: '5-12', source: 'data/aljazeera/5-12', bytes: 2704, sha256: '7748ba405b68a35c257b355c0c3f1f31bdfe5082646017a9434b1a0e344a4c4e' },
      { name: '5-13', source: 'data/aljazeera/5-13', bytes: 2662, sha256: 'bf41442bd6a5a583638b368358e73fe24f654b806b0ac0ae39b2d55c1335da2a' },
      { name: '5-14', source: 'data/aljazeera/5-14', bytes: 2302, sha256: 'e5379a1f0232970d3e66ad9aa28bd12c937a016b90a363dbc36d272d08e5826e' },
      { name: '5-15', source: 'data/aljazeera/5-15', bytes: 2077, sha256: '6c99720e9b4ef70adfbad91f07cef0db6cf7659f76c6d83fae19490bb0d86b89' },
      { name: '5-16', source: 'data/aljazeera/5-16', bytes: 2314, sha256: 'c96783f40ca4075631e95013648db3cd3b626facd997b5d8585dadf8331695d8' },
      { name: '5-17', source: 'data/aljazeera/5-17', bytes: 2155, sha256: 'a4559bd742a0894dad4feec69b2431b7443e56913fd9feb0e40f615d8946300f' },
      { name: '5-18', source: 'data/aljazeera/5-18', bytes: 2522, sha256: 'a0ff830a5a8f48058bcc539070dd8d0207014d1106d03100ed6e433361215989' },
      { name: '5-19', source: 'data/aljazeera/5-19', bytes: 2453, sha256: 'a0cb3602bb7de993b39cbaac0d52e8ea78084bf85d017c7ee0de5a120d64c8aa' },
      { name: '5-20', source: 'data/aljazeera/5-20', bytes: 2375, sha256: '2df5fec282e03400f1f732a1c5553f4ecedd5548d525271493743b64f59f96fd' },
      { name: '7-1', source: 'data/aljazeera/7-1', bytes: 1974, sha256: '7969a9f18496a1b976e5fa8d1e4328a18dfa9677a8fd36cd97834fd9cdce1490' },
      { name: '7-2', source: 'data/aljazeera/7-2', bytes: 2135, sha256: 'de9bed64cc02c5b7fb024fed2a7b969212a4cfd6a02cf4d04da995c7ccf4d7a4' },
      { name: '7-3', source: 'data/aljazeera/7-3', bytes: 2337, sha256: 'dded1c7462ccf82abf185e1960d7033cafbfc78db88193e247c69782d2f95c68' },
      { name: '7-4', source: 'data/aljazeera/7-4', bytes: 2083, sha256: '1030b02d4cafbee7f467f20a06758ac92542dbaa52eef4bbc8df9a29a758d15b' },
      { name: '7-5', source: 'data/aljazeera/7-5', bytes: 2330, sha256: '2a82af860da2b127e65fe0af5461688222335d41ca2c2bb13c8f46551eab0b73' },
      { name: '7-6', source: 'data/aljazeera/7-6', bytes: 2355, sha256: '7f95b994f018865c7d373350aa67588de057de3ba30feb0249919dcc745f6fc1' },
      { name: '7-7', source: 'data/aljazeera/7-7', bytes: 2199, sha256: '870d335c41c8991e59431e1904b13eaa4ca4c65e3b2528c4f170cd15f08b50b0' },
      { name: '7-8', source: 'data/aljazeera/7-8', bytes: 2389, sha256: '2c86c67d681b30d479cd8e1ebb9e114c4cb07381f15d1a8fc757c394426047a9' },
      { name: '7-9', source: 'data/aljazeera/7-9', bytes: 2454, sha256: '604d3b214bfaa61c646913e1362be80fb8542d7970f8a2af9c8bbcf15189eec2' },
      { name: '7-10', source: 'data/aljazeera/7-10', bytes: 2239, sha256: 'c99f82f9dc397758db7e25c8f52c12309eb3445f3894d6b7862c3ca244187b66' },
      { name: '7-11', source: 'data/aljazeera/7-11', bytes: 2452, sha256: '24ce7966ccac342322c667a4030e6d7d43f2fea4ad3d827083650a95b6f80e5a' },
      { name: '7-12', source: 'data/aljazeera/7-12', bytes: 2403, sha256: 'c050362e64fb6660f685e0587aa31a109913f0aeb6b84bf58b9f1add91e12b8f' },
      { name: '7-13', source: 'data/aljazeera/7-13', bytes: 2418, sha256: 'dba559e628bb26b66e36a87487ca9ab5a639f84e1e88682694fcb611464ddb21' },
      { name: '7-14', source: 'data/aljazeera/7-14', bytes: 3120, sha256: 'b024f04925c5a66e18155253c4142025525ef8a290ee209dc523f476b6e434b3' },
      { name: '7-15', source: 'data/aljazeera/7-15', bytes: 2307, sha256: '0e75ef2415677a821750cafdc687110c1c3ade6d3cb0a2d574f65b9b4b77632f' },
      { name: '7-16', source: 'data/aljazeera/7-16', bytes: 2231, sha256: '23ff81a6a513689c96cf4dfcd89b76588b31b47533af4d7cacf47361f0db7c04' },
      { name: '7-17', source: 'data/aljazeera/7-17', bytes: 2025, sha256: '08161d6b056152bcd996d6281fe5e5a431b8376c6a8ef3bead8a2caa235ca053' },
      { name: '7-18', source: 'data/aljazeera/7-18', bytes: 2422, sha256: '882af0e972ff536e2568ec69c6aeeaf30b24f43b5ce4100501d3d04925261265' },
      { name: '7-19', source: 'data/aljazeera/7-19', bytes: 2284, sha256: '8a7ae44557c2e3f327976f7395f5bfaeed01ef984b205223d206adf06bcd143f' },
      { name: '7-20', source: 'data/aljazeera/7-20', bytes: 2209, sha256: '56d2eef4e526e4ef00969b76e2d1b5606f9bc83ba21db33d829c27abe31b66be' },
      { name: 'daily-2014-05-12.txt', source: 'data/aljazeera/daily-2014-05-12.txt', bytes: 22257, sha256: '0da374821283e899e99c1ff3dc433fe5a5ce05844a1f24c4904cf95c201d36a5' },
      { name: 'daily-2014-10-01.txt', source: 'data/aljazeera/daily-2014-10-01.txt', bytes: 17596, sha256: '9a3dbdb86299b417c7ba8ceb1ee22e39a0fa89bef724429762fbe2f1d3f0f454' },
      { name: 'daily-2014-12-10.txt', source: 'data/aljazeera/daily-2014-12-10.txt', bytes: 15184, sha256: '880d49880453c646588cb4f55f3e0c44cf98655af5d197e35e4b36d1d8b3a473' },
      { name: 'daily-2014-12-29-a.txt', source: 'data/aljazeera/daily-2014-12-29-a.txt', bytes: 22917, sha256: '9c72550980bdfe03e1149cb31f139cc3a337ef789eda8a4c84cba8edfb76b3ff' },
      { name: 'daily01.txt', source: 'data/aljazeera/daily01.txt', bytes: 38778, sha256: '17538a978cbd0d24bf1437f06a46587c01581b973ba2ac5849607dce1fe09e37' },
      { name: 'daily02.txt', source: 'data/aljazeera/daily02.txt', bytes: 40830, sha256: 'cf6eb51a33f4bf3a18ebf83cd45be0d8bd09fb1de20496531a61b5251a86bbf3' },
      { name: 'daily03.txt', source: 'data/aljazeera/daily03.txt', bytes: 26709, sha256: 'b4bd26f098783f6537fa65a1f91aad4d5618272dfbcc1293c4e2972118f3ea7f' },
      { name: 'daily2014-04-19.txt', source: 'data/aljazeera/daily2014-04-19.txt', bytes: 9468, sha256: '5bf70291857c065f4f8bc01a29289abe80ecce124ef65c709634b0a9fdb23ab9' },
      { name: 'daily2014-05-21.txt', source: 'data/aljazeera/daily2014-05-21.txt', bytes: 17978, sha256: 'c53747ebb3f7a25a16ceb29ac98856dace5a9008a54f35a7e2629160bf13ffcf' },
      { name: 'daily2014-06-11.txt', source: 'data/aljazeera/daily2014-06-11.txt', bytes: 18571, sha256: 'a0dda4b7f50a6eb48aee1443a97ccac8a4def796996e69ebe8f4f296bf3c7b5d' },
      { name: 'daily2014-07-02.txt', source: 'data/aljazeera/daily2014-07-02.txt', bytes: 23542, sha256: 'a5f5ea914a7532c3d0a4b4ff5674c660b837712bdbcc935ec844c68a1eb5330b' },
      { name: 'daily2014-07-22.txt', source: 'data/aljazeera/daily2014-07-22.txt', bytes: 17935, sha256: '55ea651ec122b9228f2367bcc0c9c8e00df21a4c03d998ab037a124172f1d34f' },
      { name: 'daily2014-09-17.txt', source: 'data/aljazeera/daily2014-09-17.txt', bytes: 21818, sha256: '10fb8ea609eff9294005958adc7511e7748bcf263260141b7120cf96fda7e9bd' },
      { name: 'daily2014-10-29.txt', source: 'data/aljazeera/daily2014-10-29.txt', bytes: 24057, sha256: 'd5153799176c4b8a1258d81cad566b2e87f63e9f1e19bff1c7eab76e5c6f781c' },
      { name: 'daily2014-11-19.txt', source: 'data/aljazeera/daily2014-11-19.txt', bytes: 20602, sha256: '70fb76720e2e752f0a772b20fea4333e82cba301488ef412e670cea16bcadb33' },
      { name: 'daily2014-24-12.txt', source: 'data/aljazeera/daily2014-24-12.txt', bytes: 18865, sha256: '45ebe1e8cb4fb0a9106fc478be903e86adbd178b8ed1d30dd90bb283b91a37da' },
      { name: 'p2-3-8.txt', source: 'data/aljazeera/p2-3-8.txt', bytes: 126132, sha256: '24db2a7cc44581bb13b12b0923740c84b5639e261c9f9045dbce616139e68969' },
      { name: 'p5.txt', source: 'data/aljazeera/p5.txt', bytes: 41309, sha256: 'b750a755beaed9c2c70d4e833688d53a78891b046806cff88562c103fa3f06bb' },
      { name: 'LICENSE', source: 'LICENSE', bytes: 35122, sha256: '12ac5047f2af0522f06798b1589ffc4599bc29c91f954d7874e0320634e777c0' },
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

/**
 * The names of every set but those only training reads, in order: what the tests read, and what
 * `lexdis data fetch` takes when no set is named.
 */
export const BASE_SET_NAMES: readonly string[] = DATA_SETS.filter((s) => !s.trainingOnly).map((s) => s.name);

/** A set's file's public URL: the raw file at the pinned commit; undefined for a file only a mirror has. */
export function publicUrl(set: DataSet, file: DataFile): string | undefined {
  if (!set.origin || file.source === undefined) return undefined;
  const path = file.source.split('/').map(encodeURIComponent).join('/');
  return `https://raw.githubusercontent.com/${set.origin.repo}/${set.origin.commit}/${path}`;
}

/** The file of a set's folder its licence names (`GPL-2.0 (gpl.txt)` → gpl.txt), if it names one. */
export function licenceFileOf(set: DataSet): string | undefined {
  return /\(([^)]+)\)/.exec(set.licence)?.[1];
}

/** True when at least one file of the set has a public source (fetch takes it without `--from`). */
export function hasPublicSource(set: DataSet): boolean {
  return set.files.some((f) => publicUrl(set, f) !== undefined);
}
