// Kinds that add nothing: try with resources and finally, throw,
// synchronized, assert, instanceof, a unary !, a lambda without branches,
// and a static initializer, which is no callable (its if counts nowhere).
import java.io.Reader;

class Free {
    static int seed;

    static {
        if (System.getenv("SEED") != null) {
            seed = 1;
        }
    }

    // cc 1, cog 0, nesting 0; sloc 11: every line but the three lone `}`
    static int quiet(Object o, Reader r) throws Exception { // want name:"Free.quiet" cc:"1" cog:"0" sloc:"11" nesting:"0"
        assert o != null : "o";
        try (Reader in = r) {
            synchronized (o) {
                seed = in.read();
            }
        } finally {
            seed = -seed;
        }
        boolean s = !(o instanceof String);
        Runnable run = () -> seed++;
        run.run();
        throw new IllegalStateException("s=" + s);
    }
}
