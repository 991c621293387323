// Only where Debian's chromium is installed (apt-get install -y chromium); elsewhere the project is skipped.
return new File('/usr/bin/chromium').canExecute()
