// Only where an etcd program is installed (Debian: apt-get install -y etcd-server); elsewhere skipped.
return System.getenv('PATH').split(File.pathSeparator).any { new File(it, 'etcd').canExecute() }
