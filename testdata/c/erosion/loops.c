/* Loops: for, while and do-while are branches and flow breaks; break,
   continue and goto are jumps (+1 each, their children not scored). */

/* for: cc 2, cog 1 */
int sum(const int *a, int n) { // want name:"sum" cc:"2" cog:"1" sloc:"5" nesting:"1"
    int s = 0;
    for (int i = 0; i < n; i++) {
        s += a[i];
    }
    return s;
}

/* while with && in its condition: cc 1 + while + && = 3; cog 1 + 1 = 2 */
int skip_spaces(const char *s, int i) { // want name:"skip_spaces" cc:"3" cog:"2" sloc:"4" nesting:"1"
    while (s[i] == ' ' && s[i] != 0) {
        i++;
    }
    return i;
}

/* do-while: cc 2, cog 1; sloc 7: `} while (n > 0);` is a code line */
int digits(int n) { // want name:"digits" cc:"2" cog:"1" sloc:"7" nesting:"1"
    int d = 0;
    do {
        d++;
        n /= 10;
    } while (n > 0);
    return d;
}

/* for > if > continue, and an if > break: cc 1 + for + 2 if = 4;
   cog for 1 + if 2 + continue 1 + if 2 + break 1 = 7 */
int first_big(const int *a, int n) { // want name:"first_big" cc:"4" cog:"7" sloc:"9" nesting:"2"
    int found = -1;
    for (int i = 0; i < n; i++) {
        if (a[i] < 0) {
            continue;
        }
        if (a[i] > 100) {
            found = i;
            break;
        }
    }
    return found;
}

/* goto is a jump: cc 1 + if = 2; cog if 1 + goto 1 = 2. The label line
   `fail:` holds code. */
int checked(int x) { // want name:"checked" cc:"2" cog:"2" sloc:"6" nesting:"1"
    if (x < 0) {
        goto fail;
    }
    return x;
fail:
    return -1;
}

/* for > while > if: cc 1 + 3 = 4; cog 1 + 2 + 3 = 6 */
int deep(int n) { // want name:"deep" cc:"4" cog:"6" sloc:"9" nesting:"3"
    int k = 0;
    for (int i = 0; i < n; i++) {
        int j = i;
        while (j > 0) {
            if (j % 2) {
                k++;
            }
            j--;
        }
    }
    return k;
}
