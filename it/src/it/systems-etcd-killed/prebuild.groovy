// the project is copied without file modes
new File(basedir, 'etcd-dies.sh').setExecutable(true)
true
