# gen-text.awk: deterministic text for bzip2's FDO workloads (bench/fdo.sh).
#
#   awk -v kind=prose|log -v seed=N -v size=BYTES -f gen-text.awk
#
# prose: sentences of words from a made-up vocabulary of 4000 words
# picked with Zipf-like frequencies (rank r about 1/r), numbers and
# punctuation, lines folded at about 72 columns.  log: lines of a
# service log (time stamp, host, process and pid, level, a message of
# vocabulary words, key=value fields with decimal and hexadecimal
# numbers).  The random numbers are MINSTD's (x = x * 48271 mod
# 2^31 - 1), exact in any awk's doubles, so the bytes depend only on
# kind, seed and size: the same on every machine and awk.
function rnd() { x = (x * 48271) % 2147483647; return x / 2147483647 }
function pick(n) { return int(rnd() * n) }
function zipf(n) { return int(exp(rnd() * log(n))) - 1 }   # 0 .. n-1, about 1/r
BEGIN {
    if (size == "") size = 1000000
    x = seed + 1; for (i = 0; i < 10; i++) rnd()
    split("a e i o u ai ea ou io y", V, " ")
    split("b c d f g h k l m n p r s t v w z th st ch sh tr pl gr br", C, " ")
    nw = 4000
    # The vocabulary is the same for every seed: made from seed 12345.
    save = x; x = 12345
    for (w = 0; w < nw; w++) {
        s = ""; ns = 1 + pick(3) + (w > 500) + (w > 2000)
        for (j = 0; j < ns; j++) s = s C[1 + pick(25)] V[1 + pick(10)]
        if (rnd() < 0.3) s = s C[1 + pick(25)]
        word[w] = s
    }
    x = save
    split("INFO INFO INFO INFO DEBUG DEBUG WARN ERROR", LV, " ")
    split("alpha beta gamma delta", HOST, " ")
    n = 0; t = 1700000000 + seed * 86400; col = 0
    while (n < size) {
        if (kind == "log") {
            t += pick(3)
            line = sprintf("2023-%02d-%02d %02d:%02d:%02d %s-%d %s[%d]: %s",
                1 + int(t / 2592000) % 12, 1 + int(t / 86400) % 28,
                int(t / 3600) % 24, int(t / 60) % 60, t % 60,
                HOST[1 + pick(4)], pick(16), word[zipf(300)], 1000 + pick(30000),
                LV[1 + pick(8)])
            k = 3 + pick(8)
            for (j = 0; j < k; j++) line = line " " word[zipf(nw)]
            k = pick(4)
            for (j = 0; j < k; j++)
                line = line sprintf(" %s=%s", word[zipf(50)],
                    rnd() < 0.5 ? pick(100000) : sprintf("0x%x", pick(16777216)))
            print line; n += length(line) + 1
        } else {
            k = 4 + pick(16); s = ""
            for (j = 0; j < k; j++) {
                w = word[zipf(nw)]
                if (j == 0) w = toupper(substr(w, 1, 1)) substr(w, 2)
                else if (rnd() < 0.03) w = pick(10000)
                else if (rnd() < 0.08 && j < k - 1) w = w ","
                s = s (j ? " " : "") w
            }
            s = s (rnd() < 0.9 ? "." : "?")
            k = split(s, ws, " ")
            for (j = 1; j <= k; j++) {
                if (col + length(ws[j]) + 1 > 72) { printf "\n"; n++; col = 0 }
                else if (col) { printf " "; n++; col++ }
                printf "%s", ws[j]; n += length(ws[j]); col += length(ws[j])
            }
            if (rnd() < 0.15) { printf "\n\n"; n += 2; col = 0 }
        }
    }
    if (kind != "log" && col) printf "\n"
}
