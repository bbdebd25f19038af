#!/usr/bin/env bash
# Runs the e2e files N times in a row as CI runs them (CI=true, vitest.config.ts's pool and parallelism,
# dist/ built once first) and prints, at the end, failed runs per file. A flaky test shows up here in
# minutes instead of as a lost CI run.
#
#   scripts/ci-repetido.sh N [filtro…]
#
# Each filtro keeps the files whose path contains it (like vitest's own filters): without one, every
# test/**/*.e2e.test.ts. Exit 1 when any run failed. Each run's full output stays in the folder printed
# at the start.
set -uo pipefail
cd "$(dirname "$0")/.."

uso() {
  echo "uso: scripts/ci-repetido.sh N [filtro…]   (N: corridas seguidas, 1 o más)" >&2
  exit 2
}
[ $# -ge 1 ] || uso
N="$1"
shift
[[ "$N" =~ ^[1-9][0-9]*$ ]] || uso

mapfile -t ARCHIVOS < <(find test -name '*.e2e.test.ts' -type f | sort)
if [ $# -gt 0 ]; then
  elegidos=()
  for a in "${ARCHIVOS[@]}"; do
    for f in "$@"; do
      if [[ "$a" == *"$f"* ]]; then
        elegidos+=("$a")
        break
      fi
    done
  done
  ARCHIVOS=("${elegidos[@]}")
fi
if [ ${#ARCHIVOS[@]} -eq 0 ]; then
  echo "ningún archivo test/**/*.e2e.test.ts coincide con: $*" >&2
  exit 2
fi

export CI=true
DIR="$(mktemp -d "${TMPDIR:-/tmp}/ci-repetido-XXXXXX")"
echo "ci-repetido: $N corridas de ${#ARCHIVOS[@]} archivos e2e (CI=true, pool y paralelismo de vitest.config.ts); salidas en $DIR"

# Once, as `npm test` does before vitest (tests that start dist/ rebuild it only when a source is newer).
if ! npm run build --silent >"$DIR/build.log" 2>&1; then
  cat "$DIR/build.log" >&2
  echo "FALLA: npm run build" >&2
  exit 1
fi

inicio=$SECONDS
fallidas=0
for ((i = 1; i <= N; i++)); do
  t=$SECONDS
  # The configured reporters (default + test/reporter-resumen.ts) plus JSON, to count failures per file.
  npx vitest run --reporter=default --reporter=./test/reporter-resumen.ts --reporter=json \
    --outputFile.json="$DIR/corrida-$i.json" "${ARCHIVOS[@]}" >"$DIR/corrida-$i.log" 2>&1
  codigo=$?
  resumen="$(grep -E '^vitest: ' "$DIR/corrida-$i.log" | tail -n 1)"
  # Like .ci/run: exit code 0 and a closing line with 0 failed (embedded-postgres once turned a failure into 0).
  if [ $codigo -eq 0 ] && [[ "$resumen" =~ ^vitest:\ [0-9]+\ passed,\ 0\ failed ]]; then
    estado="correcta"
  else
    estado="FALLIDA (código $codigo)"
    fallidas=$((fallidas + 1))
  fi
  echo "corrida $i/$N: $estado en $((SECONDS - t)) s — ${resumen:-sin línea de resumen de vitest}"
done

# Failed runs per file, from each run's JSON report (a run that left no report counts for every file).
node - "$DIR" "$N" "${ARCHIVOS[@]}" <<'EOF'
const fs = require('node:fs');
const path = require('node:path');
const [dir, n, ...archivos] = process.argv.slice(2);
const fallos = new Map(archivos.map((a) => [a, 0]));
const sinInforme = [];
for (let i = 1; i <= Number(n); i++) {
  const informe = path.join(dir, `corrida-${i}.json`);
  if (!fs.existsSync(informe)) {
    sinInforme.push(i);
    for (const a of archivos) fallos.set(a, fallos.get(a) + 1);
    continue;
  }
  const { testResults = [] } = JSON.parse(fs.readFileSync(informe, 'utf8'));
  for (const r of testResults) {
    const a = path.relative(process.cwd(), r.name);
    const fallido = r.status === 'failed' || (r.assertionResults ?? []).some((t) => t.status === 'failed');
    if (fallido) fallos.set(a, (fallos.get(a) ?? 0) + 1);
  }
}
console.log(`\nfallos por archivo (corridas fallidas de ${n}):`);
const conFallos = [...fallos].filter(([, k]) => k > 0).sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]));
for (const [a, k] of conFallos) console.log(`  ${a} → ${k} de ${n}`);
if (conFallos.length === 0) console.log('  (ninguno)');
if (sinInforme.length) console.log(`  corridas sin informe JSON (vitest no terminó): ${sinInforme.join(', ')}`);
EOF

echo "total: $fallidas de $N corridas fallidas en $((SECONDS - inicio)) s ($DIR)"
[ $fallidas -eq 0 ]
