// The setup step: a memstore-store of another version than the plugin's, in a file repository of this project.
// The jar is this build's store with its descriptor saying the new version (and a probe API), as a release would.
def pin = evaluate(new File(basedir, '../../../src/it/pinned-store.groovy'))
pin(basedir, localRepositoryPath, itVersion, sqliteVersion, '9.0.0', 99)
true
