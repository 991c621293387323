package io.memstore.measure.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a build killed outright leaves in the work directory, and what the next run removes of it. */
class RunDirectoriesTest {
    @TempDir
    Path work;

    @Test
    void aDirectoryWhoseOwnerIsGoneIsRemovedOneOfThisProcessOrKeptOnPurposeIsNot() throws Exception {
        Path mine = RunDirectories.create(work);
        Path kept = RunDirectories.create(work);
        RunDirectories.keep(kept);
        // a process that has ended: its run directory, with data under it, is what a SIGKILLed build leaves
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path orphan = Files.createDirectory(work.resolve(RunDirectories.PREFIX + "orphan"));
        Files.writeString(orphan.resolve(RunDirectories.OWNER), gone.pid() + " "
                + gone.info().startInstant().map(Object::toString).orElse("-"));
        Files.createDirectories(orphan.resolve("data/member"));
        Files.write(orphan.resolve("data/member/db"), new byte[4096]);
        // this JVM's pid, but another start time: the pid was given to another process since
        Path reused = Files.createDirectory(work.resolve(RunDirectories.PREFIX + "reused"));
        Files.writeString(reused.resolve(RunDirectories.OWNER), ProcessHandle.current().pid()
                + " 2001-01-01T00:00:00Z");
        Path notOurs = Files.createDirectory(work.resolve("something-else"));
        // a class trial's directory that a killed build left: same owner file, the trials' prefix
        Path trial = Files.createDirectory(work.resolve(RunDirectories.TRIAL_PREFIX + "orphan"));
        Files.writeString(trial.resolve(RunDirectories.OWNER), gone.pid() + " "
                + gone.info().startInstant().map(Object::toString).orElse("-"));
        Path myTrial = RunDirectories.create(work, RunDirectories.TRIAL_PREFIX);

        List<Path> removed = RunDirectories.removeStale(work);

        assertThat(removed).containsExactlyInAnyOrder(orphan, reused, trial);
        assertThat(myTrial).isDirectory();
        assertThat(orphan).doesNotExist();
        assertThat(reused).doesNotExist();
        assertThat(mine).isDirectory();
        assertThat(kept).isDirectory();
        assertThat(notOurs).isDirectory();
        assertThat(RunDirectories.removeStale(work)).isEmpty();
    }

    @Test
    void aMissingWorkDirectoryHasNothingToRemove() {
        assertThat(RunDirectories.removeStale(work.resolve("none"))).isEmpty();
    }
}
