package com.acme.report;

import com.acme.util.*;
import com.acme.util.Missing;

public class Report { // want status:"used"
    public static final String TITLE = "Report"; // want status:"same_module_only"

    public static String render(int n) { // want status:"used"
        return TITLE + Strings.EMPTY + MathUtil.twice(n);
    }
}
