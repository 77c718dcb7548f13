// Clone fingerprints in Java: names (method names too: they are
// identifiers), numbers, characters and strings (text blocks included)
// are normalised; type names are kept as written.
import java.util.List;

class Clones {
    static int first(int value) { // want clone:"g1"
        int x = value + 1;
        int y = x * 2;
        return y;
    }

    static int second(int item) { // want clone:"g1"
        int total = item + 7;
        int doubled = total * 3;
        return doubled;
    }

    String hello(String who) { // want clone:"g2"
        String s = "hello " + who;
        return s + '!';
    }

    String bye(String name) { // want clone:"g2"
        String t = """
            bye
            """ + name;
        return t + '?';
    }

    // A lambda is part of its method's fingerprint: these two differ in
    // the lambda's operator, so they are not clones.
    long countBig(List<Integer> xs) {
        return xs.stream().filter(v -> v > 10).count();
    }

    long countSmall(List<Integer> xs) {
        return xs.stream().filter(v -> v < 10).count();
    }
}
