#!/bin/bash
# Player data written by main at 590039c (schema 2), made by running it.
set -u
PY=/work/wt/records/.venv/bin/python
H=/tmp/v020run/home
OUT=/tmp/v020run/out
rm -rf $H $OUT; mkdir -p $H $OUT
export XDG_CONFIG_HOME=$H/config XDG_DATA_HOME=$H/data XDG_STATE_HOME=$H/state XDG_CACHE_HOME=$H/cache
cd /tmp/v020
run() { echo "== $*"; timeout 600 $PY -m game --autoplay --headless "$@" >/dev/null 2>&1; echo "rc=$?"; }
run --game sabacc --preset classic --hands 3 --seed 11
run --game brag --games 1 --seed 12
run --game ninehalf --deals 3 --seed 13
run --game sabacc --preset kessel --hands 2 --seed 15
run --campaign --hands 2 --seed 14
SAVES=$H/data/sabacc-parlor/saves
kill_mid() {  # name, args...: kill when the quick-play/campaign save holds a table mid-hand
  local name=$1 file=$2; shift 2
  echo "== kill $name: $*"
  rm -f $SAVES/$file
  $PY -m game --autoplay --headless "$@" >/dev/null 2>&1 &
  local pid=$!
  for i in $(seq 1 600); do
    sleep 0.5
    if [ -f $SAVES/$file ] && $PY - $SAVES/$file <<'PY'
import json,sys
d=json.load(open(sys.argv[1]))
t=d.get("table") or {}
j=t.get("journal") or []
sys.exit(0 if len(j) >= 12 else 1)
PY
    then kill -9 $pid; wait $pid 2>/dev/null; cp $SAVES/$file $OUT/$name; echo "got $name after $i"; return; fi
  done
  kill -9 $pid; echo "TIMEOUT $name"
}
kill_mid quickplay-classic.json quickplay.json --game sabacc --preset classic --hands 40 --seed 21
kill_mid quickplay-brag.json quickplay.json --game brag --games 5 --seed 22
kill_mid quickplay-ninehalf.json quickplay.json --game ninehalf --deals 40 --seed 23
kill_mid quickplay-kessel-shift.json quickplay.json --game sabacc --preset kessel-shift --hands 40 --seed 24
kill_mid quickplay-corellian-spike.json quickplay.json --game sabacc --preset corellian-spike --hands 40 --seed 25
kill_mid quickplay-coruscant-shift.json quickplay.json --game sabacc --preset coruscant-shift --hands 40 --seed 26
kill_mid quickplay-great-khan.json quickplay.json --game sabacc --preset great-khan --hands 40 --seed 27
kill_mid campaign-midhand.json campaign.json --campaign --hands 30
# restore the classic one as the slot's file
cp $OUT/quickplay-classic.json $SAVES/quickplay.json
echo DONE
