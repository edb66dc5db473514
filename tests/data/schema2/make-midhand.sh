#!/bin/bash
set -u
PY=/work/wt/records/.venv/bin/python
H=/tmp/v020run/home2
OUT=/tmp/v020run/out2
rm -rf $H $OUT; mkdir -p $H $OUT
export XDG_CONFIG_HOME=$H/config XDG_DATA_HOME=$H/data XDG_STATE_HOME=$H/state XDG_CACHE_HOME=$H/cache
cd /tmp/v020
SAVES=$H/data/sabacc-parlor/saves
kill_mid() {
  local name=$1 file=$2; shift 2
  echo "== kill $name: $*"
  rm -f $SAVES/$file
  $PY -m game --autoplay --headless "$@" >/dev/null 2>&1 &
  local pid=$!
  for i in $(seq 1 1200); do
    sleep 0.25
    if [ -f $SAVES/$file ] && $PY - $SAVES/$file <<'PY'
import json,sys
d=json.load(open(sys.argv[1]))
t=d.get("table") or {}
j=t.get("journal") or []
sys.exit(0 if len(j) >= 12 and (t.get("table") or {}).get("hand_events") and t["check"]["to_act"] >= 0 else 1)
PY
    then kill -9 $pid; wait $pid 2>/dev/null; cp $SAVES/$file $OUT/$name; echo "got $name after $i"; return; fi
  done
  kill -9 $pid; echo "TIMEOUT $name"
}
kill_mid quickplay-brag.json quickplay.json --game brag --games 5 --seed 22
kill_mid quickplay-kessel-shift.json quickplay.json --game sabacc --preset kessel-shift --hands 40 --seed 24
echo DONE
