#!/usr/bin/env bash
# The main job on the open data, end to end:
#   1. project the gold corpora onto the BAMA 1.0 analyzer's candidates: UD Arabic-PUD, the dev and
#      test parts of UD Arabic-PADT 1.3 (fully vocalized), and Al Jazeera Learning's vocalized stories;
#   2. train the default model on all of them (stage one: β* counts in worker threads; stage two:
#      θ by ε-SVR; the sequence decoding and the case pass), and a PUD-only one;
#   3. tag a sentence with it, top two analyses per word, and print it fully vocalized;
#   4. a held-out evaluation: a model trained on PUD and PADT dev, scored on PADT test (A1/A2 per
#      label element, and the word error of its vocalized text);
#   5. ten-fold cross-validation on PUD, PADT dev added to every fold's training part (lexdis's
#      default model, the paper's Mfull, the baselines): A1/A2.
# Licences: PUD is CC BY-SA; PADT is CC BY-NC-SA 3.0, and models/lexdis, trained on it, inherits
# that (non-commercial) licence, and the stories' (GPL-3.0); models/pud, trained on PUD alone, does not.
# Data is read from the data folder lexdis finds (`lexdis data path`: $LEXDIS_DATA, else
# ~/.local/share/lexdis, else ../shared/data); when the sets the demo reads are not all there,
# `lexdis data fetch` gets them first (into ~/.local/share/lexdis). Outputs go to models/ and results/.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build --silent
SETS=(bama-1.0 ud-arabic-pud ud-arabic-padt-1.3)
if ! ./bin/lexdis data check "${SETS[@]}" -q > /dev/null 2>&1; then
  echo "== 0. fetch the open data the demo reads (lexdis data fetch)" >&2
  ./bin/lexdis data fetch "${SETS[@]}"
fi
DATA="$(./bin/lexdis data path)"
mkdir -p models results
# Al Jazeera Learning's stories, a set only training reads: from the data folder, else fetched into
# models/data; where neither can be had (offline), models/lexdis is trained on the treebanks alone.
STORIES="$DATA"
if ! ./bin/lexdis data check aljazeera-learning -q > /dev/null 2>&1; then
  STORIES=models/data
  ./bin/lexdis data fetch aljazeera-learning --to "$STORIES" -q 2> results/aljazeera-fetch.log || STORIES=""
fi
echo "== 1. import UD Arabic-PUD and UD Arabic-PADT 1.3 (dev, test)" >&2
./bin/lexdis import-ud "$DATA/ud-arabic-pud/ar_pud-ud-test.conllu" -o models/pud-corpus.pos --report results/pud-projection.json -q
for part in dev test; do
  ./bin/lexdis import-ud "$DATA/ud-arabic-padt-1.3/ar-ud-$part.conllu" -o "models/padt-$part.pos" \
    --text "models/padt-$part.txt" --plain "models/padt-$part.plain.txt" --report "results/padt-$part-projection.json" -q
done
STORIES_POS=()
if [ -n "$STORIES" ]; then
  # the stories as lexdis setup imports them: each file a document, ties made gold as VOCALIZED_TEXTS says
  node --input-type=module -e "import { readVocalizedText } from './dist/src/data/folder.js';
    process.stdout.write(readVocalizedText(process.argv[1], 'aljazeera') + '\n');" "$STORIES" > models/aljazeera.txt
  TIES="$(node --input-type=module -e "import { VOCALIZED_TEXTS } from './dist/src/data/folder.js';
    process.stdout.write(VOCALIZED_TEXTS.aljazeera.ties);")"
  ./bin/lexdis import-diac models/aljazeera.txt --doc-lines 0 --ties "$TIES" -o models/aljazeera.pos \
    --report results/aljazeera-import.json -q
  STORIES_POS=(models/aljazeera.pos)
else
  echo "Al Jazeera Learning's stories could not be fetched (results/aljazeera-fetch.log says why): models/lexdis is trained on the treebanks alone" >&2
fi
echo "== 2. train: the default model on all the open gold (CC BY-NC-SA 3.0, as PADT), and a PUD-only model (CC BY-SA)" >&2
./bin/lexdis train models/pud-corpus.pos models/padt-dev.pos models/padt-test.pos "${STORIES_POS[@]}" -o models/lexdis --seed 42
./bin/lexdis train models/pud-corpus.pos -o models/pud --seed 42 2> /dev/null
echo "== 3. tag" >&2
echo 'أعلن الرئيس الجديد أنه سيزور المدينة في الأسبوع القادم.' | ./bin/lexdis tag --model models/lexdis --top 2 --format text
echo 'أعلن الرئيس الجديد أنه سيزور المدينة في الأسبوع القادم.' | ./bin/lexdis diacritize --model models/lexdis
echo "== 4. held out: trained on PUD + PADT dev, scored on PADT test" >&2
./bin/lexdis train models/pud-corpus.pos models/padt-dev.pos -o models/pud-padt-dev --seed 42 2> /dev/null
./bin/lexdis eval models/pud-padt-dev models/padt-test.pos > results/padt-test-eval.md
./bin/lexdis diacritize --model models/pud-padt-dev models/padt-test.plain.txt -o results/padt-test-diacritized.txt
./bin/lexdis eval-diac results/padt-test-diacritized.txt models/padt-test.txt --vocalized-only -o results/padt-test-diac.md
sed -n '1,12p' results/padt-test-eval.md
cat results/padt-test-diac.md
echo "== 5. ten-fold cross-validation on PUD, PADT dev in every fold's training part (lexdis default, Mfull, baselines)" >&2
./bin/lexdis cv models/pud-corpus.pos --extra models/padt-dev.pos --folds 10 --models full+caseless+prior,full,baselines --workers 2 --seed 42 -o results/demo-cv
cat results/demo-cv/report.md
