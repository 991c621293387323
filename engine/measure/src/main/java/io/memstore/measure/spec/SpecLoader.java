package io.memstore.measure.spec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads workload specs (format version 1, YAML). Loading is safe on hostile input: the YAML is composed into
 * a node tree and walked by hand (nothing is instantiated from tags), with limits on size, aliases and nesting.
 * Every problem is a {@link SpecException} naming the file, the 1-based line:column and the field.
 */
public final class SpecLoader {
    /** The built-in spec: the two tables of etcd's storage memory benchmark, with etcd's figures as budgets. */
    public static final String DEFAULT_SPEC_RESOURCE = "/io/memstore/measure/spec/default-spec.yaml";
    /** How error messages name the built-in spec. */
    public static final String DEFAULT_SPEC_SOURCE = "classpath:" + DEFAULT_SPEC_RESOURCE.substring(1);

    private SpecLoader() {
    }

    /** Loads a spec file, UTF-8, at most {@link SpecLimits#MAX_SPEC_BYTES} bytes; index classes are not checked. */
    public static WorkloadSpec load(Path file) throws SpecException {
        return load(file, ProjectClassCheck.UNCHECKED);
    }

    /** Loads a spec file, UTF-8, at most {@link SpecLimits#MAX_SPEC_BYTES} bytes, checking its index classes. */
    public static WorkloadSpec load(Path file, ProjectClassCheck projectClasses) throws SpecException {
        String source = file.toString();
        byte[] bytes;
        try {
            if (!Files.isRegularFile(file)) {
                throw new SpecException(source, 0, 0, null, Files.exists(file) ? "not a regular file"
                        : "no such file", "a YAML spec file");
            }
            long size = Files.size(file);
            if (size > SpecLimits.MAX_SPEC_BYTES) {
                throw tooLarge(source, size);
            }
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new SpecException(source, 0, 0, null, "cannot read the file: " + e, "a readable file");
        }
        return load(bytes, source, baseName(file.getFileName() == null ? source : file.getFileName().toString()),
                projectClasses);
    }

    /** Loads a spec from text; {@code sourceName} is how error messages name it (a file name, a URL...). */
    public static WorkloadSpec load(String text, String sourceName) throws SpecException {
        return load(text, sourceName, ProjectClassCheck.UNCHECKED);
    }

    /** As {@link #load(String, String)}, checking the spec's index classes. */
    public static WorkloadSpec load(String text, String sourceName, ProjectClassCheck projectClasses)
            throws SpecException {
        if (text.length() > SpecLimits.MAX_SPEC_BYTES) {
            throw new SpecException(sourceName, 0, 0, null, "the spec is " + text.length() + " characters, more"
                    + " than the limit of " + SpecLimits.MAX_SPEC_BYTES + " (1 MiB)", "a spec of at most 1 MiB");
        }
        String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
        return SpecReader.read(SafeYaml.compose(t, sourceName), sourceName, baseName(sourceName), projectClasses);
    }

    /** Loads the built-in spec {@link #DEFAULT_SPEC_RESOURCE}. */
    public static WorkloadSpec loadDefault() throws SpecException {
        try (InputStream in = SpecLoader.class.getResourceAsStream(DEFAULT_SPEC_RESOURCE)) {
            if (in == null) {
                throw new SpecException(DEFAULT_SPEC_SOURCE, 0, 0, null, "the built-in spec is missing from the "
                        + "class path", "memstore-measure's jar to contain it");
            }
            byte[] bytes = in.readNBytes(SpecLimits.MAX_SPEC_BYTES + 1);
            if (bytes.length > SpecLimits.MAX_SPEC_BYTES) {
                throw tooLarge(DEFAULT_SPEC_SOURCE, bytes.length);
            }
            return load(bytes, DEFAULT_SPEC_SOURCE, "default-spec", ProjectClassCheck.UNCHECKED);
        } catch (IOException e) {
            throw new SpecException(DEFAULT_SPEC_SOURCE, 0, 0, null, "cannot read the built-in spec: " + e, null);
        }
    }

    private static WorkloadSpec load(byte[] bytes, String source, String defaultName, ProjectClassCheck projectClasses)
            throws SpecException {
        String text = decodeUtf8(bytes, source);
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        return SpecReader.read(SafeYaml.compose(text, source), source, defaultName, projectClasses);
    }

    private static SpecException tooLarge(String source, long size) {
        return new SpecException(source, 0, 0, null, "the spec is " + size + " bytes, more than the limit of "
                + SpecLimits.MAX_SPEC_BYTES + " bytes (1 MiB)", "a spec of at most 1 MiB");
    }

    /** Strict UTF-8: a malformed byte is an error at its line:column, never a replacement character. */
    private static String decodeUtf8(byte[] bytes, String source) throws SpecException {
        if (bytes.length >= 2 && ((bytes[0] == (byte) 0xFE && bytes[1] == (byte) 0xFF)
                || (bytes[0] == (byte) 0xFF && bytes[1] == (byte) 0xFE))) {
            throw new SpecException(source, 1, 1, null, "the file is UTF-16 (it starts with a UTF-16 byte order "
                    + "mark)", "UTF-8 text");
        }
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        var result = d.decode(in, out, true);
        if (result.isError()) {
            int bad = in.position();
            // position of the bad byte: lines counted in bytes, columns in the characters decoded before it
            int lineStart = 0;
            int line = 1;
            for (int i = 0; i < bad; i++) {
                if (bytes[i] == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            String before = new String(bytes, lineStart, bad - lineStart, StandardCharsets.UTF_8);
            int column = before.codePointCount(0, before.length()) + 1;
            throw new SpecException(source, line, column, null, String.format("byte 0x%02X at offset %d is not "
                    + "valid UTF-8", bytes[bad] & 0xFF, bad), "UTF-8 text (save the file as UTF-8)");
        }
        d.flush(out);
        out.flip();
        return out.toString();
    }

    /** {@code dir/etcd-memory.yaml} -> {@code etcd-memory}, made safe to use as a spec name. */
    private static String baseName(String source) {
        String n = source.replace('\\', '/');
        n = n.substring(n.lastIndexOf('/') + 1);
        int dot = n.lastIndexOf('.');
        if (dot > 0) {
            n = n.substring(0, dot);
        }
        n = n.replaceAll("[^A-Za-z0-9._-]", "-");
        return n.isEmpty() ? "spec" : n;
    }
}
