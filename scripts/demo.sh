#!/usr/bin/env bash
# The main job on the open data, end to end:
#   1. project UD Arabic-PUD onto the BAMA 1.0 analyzer's candidates (the open gold corpus);
#   2. train a model on it (stage one: β* counts in worker threads; stage two: θ by ε-SVR);
#   3. tag a sentence with it, top two analyses per word, and print it fully vocalized;
#   4. evaluate by ten-fold cross-validation (the paper's Mfull, lexdis's default, baselines): A1/A2.
# Data is read from the data folder lexdis finds (`lexdis data path`: $LEXDIS_DATA, else
# ~/.local/share/lexdis, else ../shared/data; `lexdis data fetch` gets it); outputs go to models/ and results/.
set -euo pipefail
cd "$(dirname "$0")/.."
DATA="$(./bin/lexdis data path)"
mkdir -p models results
echo "== 1. import UD Arabic-PUD" >&2
./bin/lexdis import-ud "$DATA/ud-arabic-pud/ar_pud-ud-test.conllu" -o models/pud-corpus.pos --report results/pud-projection.json
echo "== 2. train" >&2
./bin/lexdis train models/pud-corpus.pos -o models/pud --seed 42
echo "== 3. tag" >&2
echo 'أعلن الرئيس الجديد أنه سيزور المدينة في الأسبوع القادم.' | ./bin/lexdis tag --model models/pud --top 2 --format text
echo 'أعلن الرئيس الجديد أنه سيزور المدينة في الأسبوع القادم.' | ./bin/lexdis diacritize --model models/pud
echo "== 4. ten-fold cross-validation (Mfull, Mfull+prior, lexdis default Mfull+caseless+prior, baselines)" >&2
./bin/lexdis cv models/pud-corpus.pos --folds 10 --models full,full+prior,full+caseless+prior,baselines --jobs 2 --seed 42 -o results/demo-cv
cat results/demo-cv/report.md
