package io.memstore.measure.spec;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.MappingStartEvent;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.events.SequenceStartEvent;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.ReaderException;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Turns spec text into a SnakeYAML node tree and nothing more: no constructor runs, so no tag can instantiate
 * anything. The composer enforces the alias, nesting and size limits and refuses global tags; a scan of the tree
 * then refuses local tags, merge keys, non-scalar keys and duplicate keys. Every YAML failure becomes a
 * {@link SpecException} with a 1-based position where SnakeYAML knows one (its marks are 0-based).
 */
final class SafeYaml {
    private static final String GLOBAL_TAG_REFUSED = "Global tag is not allowed: ";
    private static final String STANDARD_PREFIX = "tag:yaml.org,2002:";

    private final String source;
    private final String text;

    private SafeYaml(String source, String text) {
        this.source = source;
        this.text = text;
    }

    /** The document's root node, or null for a document with no content (empty, blank or comments only). */
    static Node compose(String text, String source) throws SpecException {
        return new SafeYaml(source, text).compose();
    }

    static LoaderOptions options() {
        LoaderOptions o = new LoaderOptions();
        o.setAllowDuplicateKeys(false);
        o.setAllowRecursiveKeys(false);
        o.setMaxAliasesForCollections(SpecLimits.MAX_ALIASES);
        o.setNestingDepthLimit(SpecLimits.MAX_NESTING);
        o.setCodePointLimit(SpecLimits.MAX_SPEC_BYTES);
        o.setMergeOnCompose(false);
        o.setProcessComments(false);
        o.setTagInspector(tag -> false);
        return o;
    }

    private Node compose() throws SpecException {
        LoaderOptions o = options();
        Node root;
        try {
            root = new Composer(new ParserImpl(new StreamReader(text), o), new Resolver(), o).getSingleNode();
        } catch (MarkedYAMLException e) {
            throw translate(e);
        } catch (ReaderException e) {
            int[] lc = lineColumnOfCodePoint(e.getPosition());
            throw new SpecException(source, lc[0], lc[1], null,
                    String.format("character U+%04X is not allowed in YAML", e.getCodePoint()), "printable text");
        } catch (YAMLException e) {
            throw translateLimit(e);
        }
        if (root != null) {
            scan(root, "", Collections.newSetFromMap(new IdentityHashMap<>()));
        }
        return root;
    }

    private SpecException translate(MarkedYAMLException e) {
        Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
        int line = mark == null ? 0 : mark.getLine() + 1;
        int column = mark == null ? 0 : mark.getColumn() + 1;
        String problem = e.getProblem() == null ? "" : e.getProblem();
        if (problem.startsWith(GLOBAL_TAG_REFUSED)) {
            String tag = problem.substring(GLOBAL_TAG_REFUSED.length());
            return new SpecException(source, line, column, mark == null ? null : pathAt(mark.getIndex()),
                    "tag '" + shortTag(tag) + "' is not allowed: a spec holds plain values only",
                    "the value without a tag");
        }
        StringBuilder p = new StringBuilder("YAML syntax error: ").append(problem);
        if (e.getContext() != null) {
            p.append(" (").append(e.getContext());
            Mark c = e.getContextMark();
            if (c != null && c != mark) {
                p.append(" at ").append(c.getLine() + 1).append(':').append(c.getColumn() + 1);
            }
            p.append(')');
        }
        return new SpecException(source, line, column, null, p.toString(), null);
    }

    /** SnakeYAML reports its limits with no position; name the limit so the author knows what to change. */
    private SpecException translateLimit(YAMLException e) {
        String m = String.valueOf(e.getMessage());
        if (m.startsWith("Number of aliases")) {
            return new SpecException(source, 0, 0, null, "more than " + SpecLimits.MAX_ALIASES
                    + " aliases to lists or mappings (an alias bomb?)", "at most " + SpecLimits.MAX_ALIASES);
        }
        if (m.startsWith("Nesting Depth")) {
            return new SpecException(source, 0, 0, null, "lists and mappings nested more than "
                    + SpecLimits.MAX_NESTING + " levels deep", "at most " + SpecLimits.MAX_NESTING + " levels");
        }
        if (m.contains("exceeds the limit")) {
            return new SpecException(source, 0, 0, null, "the spec is longer than the limit of "
                    + SpecLimits.MAX_SPEC_BYTES + " characters (1 MiB)", "a smaller spec");
        }
        return new SpecException(source, 0, 0, null, "YAML error: " + m, null);
    }

    /** {@code tag:yaml.org,2002:java.io.File} as it was most likely written: {@code !!java.io.File}. */
    private static String shortTag(String tag) {
        return tag.startsWith(STANDARD_PREFIX) ? "!!" + tag.substring(STANDARD_PREFIX.length()) : tag;
    }

    /** Refuses what no spec needs and what SnakeYAML lets through at compose time. */
    private void scan(Node node, String path, Set<Node> seen) throws SpecException {
        if (!seen.add(node)) {
            return; // an alias: its node was checked where the anchor is
        }
        if (!Tag.standardTags.contains(node.getTag())) {
            throw error(node, path, "tag '" + shortTag(node.getTag().getValue()) + "' is not allowed:"
                    + " a spec holds plain values only", "the value without a tag");
        }
        if (node instanceof MappingNode) {
            Map<String, Node> keys = new HashMap<>();
            for (NodeTuple t : ((MappingNode) node).getValue()) {
                Node k = t.getKeyNode();
                if (!(k instanceof ScalarNode)) {
                    throw error(k, path, "a key must be a plain name, not a list or mapping", "a field name");
                }
                String key = ((ScalarNode) k).getValue();
                String keyPath = path.isEmpty() ? key : path + "." + key;
                if (k.getTag().equals(Tag.MERGE)) {
                    throw error(k, keyPath, "merge keys ('<<') are not supported",
                            "the fields written out (shared values belong in defaults)");
                }
                Node first = keys.putIfAbsent(key, k);
                if (first != null) {
                    Mark at = first.getStartMark();
                    throw error(k, keyPath, "duplicate key '" + key + "' (first at " + (at.getLine() + 1) + ":"
                            + (at.getColumn() + 1) + ")", "each key once");
                }
                scan(k, keyPath, seen);
                scan(t.getValueNode(), keyPath, seen);
            }
        } else if (node instanceof SequenceNode) {
            int i = 0;
            for (Node item : ((SequenceNode) node).getValue()) {
                scan(item, path + "[" + i++ + "]", seen);
            }
        }
    }

    private SpecException error(Node node, String path, String problem, String expected) {
        Mark m = node.getStartMark();
        return new SpecException(source, m.getLine() + 1, m.getColumn() + 1, path.isEmpty() ? null : path,
                problem, expected);
    }

    /**
     * The field path of the node starting at a character index, from the parser's events (which hold no tag
     * check), for errors the composer raises before any tree exists. Null when it cannot be told.
     */
    private String pathAt(int index) {
        Deque<Frame> stack = new ArrayDeque<>();
        try {
            ParserImpl parser = new ParserImpl(new StreamReader(text), options());
            while (parser.peekEvent() != null) {
                Event e = parser.getEvent();
                boolean node = e instanceof ScalarEvent || e instanceof AliasEvent
                        || e instanceof SequenceStartEvent || e instanceof MappingStartEvent;
                if (node) {
                    Frame top = stack.peekLast();
                    if (e.getStartMark().getIndex() >= index) {
                        StringBuilder p = new StringBuilder();
                        for (Frame f : stack) {
                            if (f.mapping) {
                                String k = f == top && f.expectKey
                                        ? (e instanceof ScalarEvent ? ((ScalarEvent) e).getValue() : "?") : f.key;
                                p.append(p.length() == 0 ? "" : ".").append(k);
                            } else {
                                p.append('[').append(f.item).append(']');
                            }
                        }
                        return p.length() == 0 ? null : p.toString();
                    }
                    if (e instanceof SequenceStartEvent || e instanceof MappingStartEvent) {
                        stack.addLast(new Frame(e instanceof MappingStartEvent));
                    } else {
                        if (top != null) {
                            top.advance(e instanceof ScalarEvent ? ((ScalarEvent) e).getValue() : "?");
                        }
                    }
                } else if (e.is(Event.ID.SequenceEnd) || e.is(Event.ID.MappingEnd)) {
                    stack.removeLast();
                    if (!stack.isEmpty()) {
                        stack.peekLast().advance("?");
                    }
                }
            }
        } catch (RuntimeException unreadable) {
            return null;
        }
        return null;
    }

    /** An open collection while walking parser events: a mapping knows its current key, a sequence its item. */
    private static final class Frame {
        final boolean mapping;
        boolean expectKey = true;
        String key = "?";
        int item;

        Frame(boolean mapping) {
            this.mapping = mapping;
        }

        /** One child node (a scalar, an alias or a whole collection) has ended. */
        void advance(String scalar) {
            if (!mapping) {
                item++;
            } else if (expectKey) {
                key = scalar;
                expectKey = false;
            } else {
                expectKey = true;
            }
        }
    }

    private int[] lineColumnOfCodePoint(int position) {
        int line = 1;
        int column = 1;
        int cp = 0;
        for (int i = 0; i < text.length() && cp < position; cp++) {
            int c = text.codePointAt(i);
            i += Character.charCount(c);
            if (c == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return new int[] {line, column};
    }
}
