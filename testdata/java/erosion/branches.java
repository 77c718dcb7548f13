// Branches of Java: if (an else if nests), the loops, non-default switch
// labels (in statement groups and in rules), catch, the ternary, && and ||.
// Trailing comments are cut out before lines are counted.
import java.util.List;

class Branches {
    // else if nests: cc 1 + 2 if = 3; cog 1 + 2 = 3; sloc 7 (lone `}` are not)
    static int sign(int x) { // want name:"Branches.sign" cc:"3" cog:"3" sloc:"7" nesting:"2"
        if (x > 0) {
            return 1;
        } else if (x < 0) {
            return -1;
        } else {
            return 0;
        }
    }

    // for > if > continue: cc 1 + for + if = 3; cog 1 + 2 + 1 = 4
    static int positives(int[] xs) { // want name:"Branches.positives" cc:"3" cog:"4" sloc:"7" nesting:"2"
        int n = 0;
        for (int i = 0; i < xs.length; i++) {
            if (xs[i] <= 0) {
                continue;
            }
            n++;
        }
        return n;
    }

    // enhanced for > while, enhanced for > do > break: cc 1 + 3 loops = 4;
    // cog for 1 + while 2 + do 2 + break 1 = 6; `} while (...);` is a line
    static int loops(List<Integer> xs) { // want name:"Branches.loops" cc:"4" cog:"6" sloc:"10" nesting:"2"
        int total = 0;
        for (int x : xs) {
            while (x > 10) {
                x /= 2;
            }
            do {
                total += x;
                break;
            } while (total < 0);
        }
        return total;
    }

    // A labeled break is a jump as any other: cc 1 + 2 for + if = 4;
    // cog 1 + 2 + 3 + break 1 = 7; the label line is a source line
    static boolean find(int[][] grid, int v) { // want name:"Branches.find" cc:"4" cog:"7" sloc:"9" nesting:"3"
        boolean found = false;
        outer:
        for (int[] row : grid) {
            for (int x : row) {
                if (x == v) {
                    found = true;
                    break outer;
                }
            }
        }
        return found;
    }

    // A switch statement: each non-default label counts, two labels of
    // one group included: cc 1 + 3 = 4; cog switch 1 (returns add nothing)
    static String name(int kind) { // want name:"Branches.name" cc:"4" cog:"1" sloc:"9" nesting:"1"
        switch (kind) {
            case 1:
            case 2:
                return "small";
            case 3:
                return "three";
            default:
                return "other";
        }
    }

    // A switch expression with rules: `case "a", "b" ->` is one label:
    // cc 1 + 2 labels + ?: = 4; cog switch 1 + ?: (1 + 1) = 3
    static int size(String s) { // want name:"Branches.size" cc:"4" cog:"3" sloc:"6" nesting:"2"
        return switch (s) {
            case "a", "b" -> 1;
            case "c" -> s.isEmpty() ? 0 : 2;
            default -> {
                yield 3;
            }
        };
    }

    // Each catch is a handler: cc 1 + 2 catch = 3; cog 1 + 1 = 2; try and
    // finally add nothing
    static int parse(String s) { // want name:"Branches.parse" cc:"3" cog:"2" sloc:"9" nesting:"1"
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return 0;
        } catch (RuntimeException e) {
            throw e;
        } finally {
            s = null;
        }
    }

    // && and || count, comparisons and ! do not: cc 1 + if + 3 = 5;
    // cog if 1 + 3 = 4
    static boolean inside(int x, int lo, int hi, boolean open) { // want name:"Branches.inside" cc:"5" cog:"4" sloc:"4" nesting:"1"
        if (x > lo && x < hi || open) {
            return true;
        }
        return !open && x == lo;
    }

    // A lambda counts in its enclosing method: cc 1 + && = 2; cog 1
    static long evens(List<Integer> xs) { // want name:"Branches.evens" cc:"2" cog:"1" sloc:"2" nesting:"0"
        return xs.stream().filter(x -> x % 2 == 0 && x > 0).count();
    }
}
